"""scripts/bench's ledger step: a generated ledger of N lines (dates of the ECB's last year, six
currencies, a German-style file) POSTed to /api/v1/ledger RUNS times (at the ECB's same-day
rate, or under the country PRESET given), each timed to the last byte, with the app's resident
memory sampled while it converts. Prints "lines median_seconds peak_growth_mb
seconds,seconds,… [preset]": one run on this machine moves by a third with what else it is
doing, as every target here does; the median of three does not.

    python3 scripts/lib/bench_ledger.py BASE PID LINES [RUNS] [PRESET]"""
import datetime
import os
import random
import subprocess
import sys

from bench_sampling import timed_curl, wait_until_idle

base, pid, lines = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
runs = int(sys.argv[4]) if len(sys.argv) > 4 else 1
# A country preset (`pl-vat`) instead of the ECB's same-day rate, when given.
preset = sys.argv[5] if len(sys.argv) > 5 else ""
query = f"preset={preset}" if preset else "to=EUR&rule=same-day&source=ecb"
random.seed(lines)
# Dates of the ECB's last year; LEDGER_YEARS=10 spreads them over ten years (scripts/bench-history).
years = int(os.environ.get("LEDGER_YEARS", "1"))
span = 360 if years == 1 else round(365.25 * years) - 5
first = datetime.date(2025, 11, 3) if years == 1 else datetime.date(2026, 10, 30) - datetime.timedelta(days=span)
path = f"/tmp/ledger-bench-{lines}.csv" if years == 1 else f"/tmp/ledger-bench-{lines}-{years}y.csv"
codes = ["USD", "GBP", "JPY", "CHF", "PLN", "CZK"]
with open(path, "w", encoding="utf-8", newline="") as file:
    file.write("\ufeffRechnung;Datum;Betrag;Währung;Kunde\r\n")
    for n in range(lines):
        day = first + datetime.timedelta(days=random.randrange(span))
        amount = f"{random.randrange(1, 10_000_000) / 100:.2f}".replace(".", ",")
        file.write(f"R-{n};{day:%d.%m.%Y};{amount};{codes[n % 6]};Kunde {n % 97}\r\n")


# The steps before (five refreshes of every provider) leave the app rebuilding its blends in the
# background for some seconds: the ledger is timed once the app is idle, or after 60 s.
wait_until_idle(pid)

# One small ledger first: the refreshes emptied the app's days in memory, and the first request
# after them reads the source's days back from PostgreSQL (a second for the ECB's 27 years).
warm = "/tmp/ledger-bench-warm.csv"
with open(path, encoding="utf-8") as full, open(warm, "w", encoding="utf-8", newline="") as small:
    for _, line in zip(range(11), full):
        small.write(line)
subprocess.run(["curl", "-sS", "-o", "/dev/null", "--data-binary", f"@{warm}", "-H", "Content-Type: text/csv", "-H", "Expect:",
                f"{base}/api/v1/ledger?{query}"], check=True)


def convert():
    """One timed conversion of the whole file: seconds, and the resident memory's growth."""
    elapsed, growth, result = timed_curl(pid, [
        "-o", "/tmp/ledger-bench-out.csv", "--data-binary", f"@{path}", "-H", "Content-Type: text/csv",
        # No `Expect: 100-continue` (curl waits a second for it above 1 MB; browsers never send it).
        "-H", "Expect:", f"{base}/api/v1/ledger?{query}"])
    out_lines = sum(1 for _ in open("/tmp/ledger-bench-out.csv", "rb"))
    if result.stdout != "200" or out_lines != lines + 1:
        print(f"ledger of {lines} lines ({query}): status {result.stdout}, {out_lines} lines back {result.stderr}", file=sys.stderr)
        sys.exit(1)
    return elapsed, growth


results = [convert() for _ in range(runs)]
seconds = sorted(elapsed for elapsed, _ in results)
print(f"{lines} {seconds[len(seconds) // 2]:.2f} {max(growth for _, growth in results)} "
      + ",".join(f"{elapsed:.2f}" for elapsed, _ in results) + (f" {preset}" if preset else ""))
