"""What scripts/bench's streamed-answer steps share (bench_ledger.py, bench_prices.py): the app's
resident memory sampled while one request runs, and the request timed to its last byte."""
import os
import subprocess
import threading
import time


def rss(pid):
    """The process's resident memory, in MB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) // 1024
    return 0


def cpu_seconds(pid):
    """The process's user and system CPU time so far."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_until_idle(pid, limit=60):
    """Returns once the app uses under 5 % of a core over half a second, or after `limit` s."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        used = cpu_seconds(pid)
        time.sleep(0.5)
        if cpu_seconds(pid) - used < 0.025:
            return


def timed_curl(pid, arguments):
    """Runs curl with `arguments` (writing its status code), sampling the app's memory every
    50 ms: (seconds to the last byte, peak memory growth in MB, the curl run)."""
    before = rss(pid)
    peak = [before]
    running = [True]

    def sample():
        while running[0]:
            peak[0] = max(peak[0], rss(pid))
            time.sleep(0.05)

    sampler = threading.Thread(target=sample)
    sampler.start()
    started = time.monotonic()
    result = subprocess.run(["curl", "-sS", "-w", "%{http_code}"] + arguments, capture_output=True, text=True)
    elapsed = time.monotonic() - started
    running[0] = False
    sampler.join()
    return elapsed, peak[0] - before, result
