"""scripts/bench's prices step: every price of the ECB's 27 years (every currency it quotes now,
about 190,000 lines) fetched from /api/v1/prices as a Ledger journal, RUNS times, each timed
to the last byte, with the app's resident memory sampled while it streams. Prints "lines
median_seconds peak_growth_mb seconds,seconds,…"."""
import sys

from bench_sampling import timed_curl

base, pid = sys.argv[1], int(sys.argv[2])
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
url = f"{base}/api/v1/prices?base=EUR&from=1999-01-04&source=ecb&format=ledger"


def fetch():
    elapsed, growth, result = timed_curl(pid, ["-o", "/tmp/prices-bench.journal", url])
    lines = sum(1 for _ in open("/tmp/prices-bench.journal", "rb"))
    if result.stdout != "200" or lines < 150_000:
        print(f"prices: status {result.stdout}, {lines} lines {result.stderr}", file=sys.stderr)
        sys.exit(1)
    return lines, elapsed, growth


fetch()  # the first reads the pairs' days into memory
results = [fetch() for _ in range(runs)]
seconds = sorted(elapsed for _, elapsed, _ in results)
print(f"{results[0][0]} {seconds[len(seconds) // 2]:.2f} {max(growth for _, _, growth in results)} "
      + ",".join(f"{elapsed:.2f}" for _, elapsed, _ in results))
