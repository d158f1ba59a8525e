"""scripts/bench's prices step: every price of the ECB's 27 years (every currency it quotes now,
about 190,000 lines) fetched from /api/v1/prices as a Ledger journal, RUNS times, each timed
to the last byte, with the app's resident memory sampled while it streams. Prints "lines
median_seconds peak_growth_mb seconds,seconds,…"."""
import subprocess
import sys
import threading
import time

base, pid = sys.argv[1], int(sys.argv[2])
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
url = f"{base}/api/v1/prices?base=EUR&from=1999-01-04&source=ecb&format=ledger"


def rss():
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) // 1024
    return 0


peak = 0
running = False


def sample():
    global peak
    while running:
        peak = max(peak, rss())
        time.sleep(0.05)


def fetch():
    global running, peak
    before = rss()
    peak = before
    running = True
    sampler = threading.Thread(target=sample)
    sampler.start()
    started = time.monotonic()
    result = subprocess.run(["curl", "-sS", "-o", "/tmp/prices-bench.journal", "-w", "%{http_code}", url], capture_output=True, text=True)
    elapsed = time.monotonic() - started
    running = False
    sampler.join()
    lines = sum(1 for _ in open("/tmp/prices-bench.journal", "rb"))
    if result.stdout != "200" or lines < 150_000:
        print(f"prices: status {result.stdout}, {lines} lines {result.stderr}", file=sys.stderr)
        sys.exit(1)
    return lines, elapsed, peak - before


fetch()  # the first reads the pairs' days into memory
results = [fetch() for _ in range(runs)]
seconds = sorted(elapsed for _, elapsed, _ in results)
print(f"{results[0][0]} {seconds[len(seconds) // 2]:.2f} {max(growth for _, _, growth in results)} "
      + ",".join(f"{elapsed:.2f}" for _, elapsed, _ in results))
