"""The soak run behind scripts/soak: two app instances over one PostgreSQL under mixed load,
while PostgreSQL is stopped and started again and one instance is restarted.

It plays the load balancer too, as one configured per docs/OPERATIONS.md: it polls each
instance's /health/ready and sends nothing new to an instance that says it is draining (the
instances run with SHUTDOWN_DELAY=1), and a request whose connection is refused goes to the
other instance. Every request uses a new connection, so a request without an answer is one
the server accepted and dropped.

Passes when: no instance crashed (every exit is 0); no 5xx but 503, and 503 only while
PostgreSQL is down and the few seconds it takes to come back; every contact whose form got a
303 is stored, and nothing is stored without its 303; the instance that ran throughout uses
no more than 10 % more memory at the end than after warming up."""
import argparse
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[2]
from ports import free_port  # noqa: E402  (scripts/lib, this file's folder, is on the path)
ADMIN = ("admin@soak.example", "soak admin password")
CODES = ["USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "SEK", "PLN", "CZK"]
RECOVERY_GRACE = 8.0  # seconds after PostgreSQL is back in which 503s may still be seen


def as_postgres(command):
    return ["runuser", "-u", "postgres", "--"] + command if os.geteuid() == 0 else command


class Instance:
    def __init__(self, name, binary, database_url, log_dir):
        self.name, self.binary = name, binary
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = open(log_dir / f"soak-{name}.log", "a")
        self.env = dict(os.environ, DATABASE_URL=database_url, ADMIN_EMAIL=ADMIN[0], ADMIN_PASSWORD=ADMIN[1],
                        BCRYPT_COST="4", LOG_LEVEL="notice", RATES_SYNC_INTERVAL="5", ECB_BASE_URL="http://127.0.0.1:9", RATES_PROVIDERS="none",
                        DATABASE_CONNECT_TIMEOUT="2", DATABASE_POOL_TIMEOUT="2", DATABASE_STATEMENT_TIMEOUT="3",
                        SHUTDOWN_DELAY="1")
        self.process = None
        self.exits = []
        self.draining = False

    def start(self):
        self.draining = False
        self.process = subprocess.Popen([self.binary, "serve", "--hostname", "127.0.0.1", "--port", str(self.port)],
                                        cwd=ROOT, env=self.env, stdout=self.log, stderr=self.log)
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                if requests.get(self.base + "/health/ready", timeout=1).status_code == 200:
                    return
            except requests.RequestException:
                pass
            if self.process.poll() is not None:
                raise SystemExit(f"{self.name} exited with {self.process.returncode} while starting")
            time.sleep(0.2)
        raise SystemExit(f"{self.name} did not become ready")

    def stop(self):
        started = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        try:
            status = self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            status = "killed after 20 s"
        self.exits.append(status)
        return status, time.monotonic() - started

    def rss_kib(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


class Load:
    """Workers, each signed in as its own user, sending a mix of requests until told to stop."""

    MIX = [("convert page", 35), ("api convert", 20), ("contacts read", 25), ("contacts write", 20)]

    def __init__(self, instances, workers):
        self.instances = instances
        self.workers = workers
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.results = []  # (seconds since start, kind, instance, outcome, latency)
        self.writes = {}   # token -> outcome
        self.started = None

    def sign_up(self, index):
        session = requests.Session()
        session.headers["Connection"] = "close"
        base = self.instances[0].base
        page = session.get(base + "/signup").text
        token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        password = f"soak password {index}"
        response = session.post(base + "/signup", allow_redirects=False, data={
            "email": f"worker{index}@soak.example", "password": password, "password_confirmation": password,
            "csrf_token": token})
        assert response.status_code == 303, response.status_code
        page = session.get(base + "/contacts/new").text
        return session, re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)

    def run(self):
        sessions = [self.sign_up(index) for index in range(self.workers)]
        self.started = time.monotonic()
        threads = [threading.Thread(target=self.work, args=(index, *sessions[index]), daemon=True)
                   for index in range(self.workers)]
        threading.Thread(target=self.watch_readiness, daemon=True).start()
        for thread in threads:
            thread.start()
        return threads

    def now(self):
        return time.monotonic() - self.started

    def work(self, index, session, csrf):
        sequence = 0
        kinds = [kind for kind, weight in self.MIX for _ in range(weight)]
        while not self.stop.is_set():
            kind = random.choice(kinds)
            if kind == "convert page":
                a, b = random.sample(CODES, 2)
                request = ("GET", f"/?from={a}&to={b}&amount={random.randint(1, 99999)}.{random.randint(0, 99)}", None)
            elif kind == "api convert":
                a, b = random.sample(CODES, 2)
                request = ("GET", f"/api/v1/convert?from={a}&to={b}&amount={random.randint(1, 5000)}", None)
            elif kind == "contacts read":
                request = ("GET", random.choice(["/contacts", f"/contacts?q=w{index}-", "/contacts?page=2"]), None)
            else:
                sequence += 1
                token = f"w{index}-{sequence}"
                request = ("POST", "/contacts", {"first_name": token, "last_name": "Soak", "csrf_token": csrf})
            self.send(session, kind, *request)

    def watch_readiness(self):
        """The balancer's health check: an instance that says it is draining gets nothing new."""
        while not self.stop.is_set():
            for instance in self.instances:
                try:
                    answer = requests.get(instance.base + "/health/ready", timeout=1).text
                    instance.draining = '"draining":true' in answer
                except requests.RequestException:
                    pass  # down or restarting: connections are refused and rerouted anyway
            time.sleep(0.2)

    def send(self, session, kind, method, path, form):
        serving = [instance for instance in self.instances if not instance.draining] or self.instances
        order = random.sample(serving, len(serving))
        for attempt, instance in enumerate(order):
            started = time.monotonic()
            try:
                response = session.request(method, instance.base + path, data=form, allow_redirects=False, timeout=20)
                outcome = response.status_code
            except requests.ConnectionError as error:
                if isinstance(getattr(error.args[0], "reason", None), ConnectionRefusedError) or "refused" in str(error):
                    outcome = "refused"
                else:
                    outcome = "no answer"
            except requests.Timeout:
                outcome = "timeout"
            self.record(kind, instance.name, outcome, time.monotonic() - started)
            if outcome == "refused" and attempt + 1 < len(order):
                continue  # the balancer tries the other instance
            if form is not None:
                with self.lock:
                    self.writes[form["first_name"]] = outcome
            return

    def record(self, kind, instance, outcome, latency):
        with self.lock:
            self.results.append((self.now(), kind, instance, outcome, latency))


def percentile(values, fraction):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * fraction))] if values else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--pg-bin", required=True)
    parser.add_argument("--pg-dir", required=True)
    parser.add_argument("--pg-port", type=int, required=True)
    parser.add_argument("--duration", type=float, default=60)
    parser.add_argument("--outage", type=float, default=10)
    parser.add_argument("--workers", type=int, default=8)
    arguments = parser.parse_args()

    database_url = f"postgres://postgres@127.0.0.1:{arguments.pg_port}/soak?sslmode=disable"
    log_dir = ROOT / "artifacts"
    log_dir.mkdir(exist_ok=True)
    pg_ctl = [f"{arguments.pg_bin}/pg_ctl", "-D", f"{arguments.pg_dir}/data", "-l", f"{arguments.pg_dir}/server.log", "-w"]
    pg_options = f"-c listen_addresses=127.0.0.1 -c port={arguments.pg_port} -c unix_socket_directories={arguments.pg_dir} -c max_connections=200 -c fsync=off"

    a = Instance("a", arguments.binary, database_url, log_dir)
    b = Instance("b", arguments.binary, database_url, log_dir)
    a.start()
    b.start()
    load = Load([a, b], arguments.workers)
    threads = load.run()
    duration, outage = arguments.duration, arguments.outage
    outage_start = duration * 0.25
    restart_at = outage_start + outage + max(5.0, duration * 0.2)
    events = {}

    def wait_until(moment):
        time.sleep(max(0.0, moment - load.now()))

    wait_until(outage_start - 2)
    events["rss warm"] = a.rss_kib()
    wait_until(outage_start)
    events["postgres stopped"] = load.now()  # from the moment it is told to stop
    subprocess.run(as_postgres(pg_ctl + ["-m", "fast", "stop"]), check=True, stdout=subprocess.DEVNULL)
    wait_until(outage_start + outage)
    subprocess.run(as_postgres(pg_ctl + ["-o", pg_options, "start"]), check=True, stdout=subprocess.DEVNULL)
    events["postgres started"] = load.now()
    wait_until(restart_at)
    events["b stopping"] = load.now()
    events["b exit"], events["b drain seconds"] = b.stop()
    b.start()
    events["b ready again"] = load.now()
    wait_until(duration)
    load.stop.set()
    for thread in threads:
        thread.join(timeout=30)
    events["rss end"] = a.rss_kib()
    crashed = [instance.name for instance in (a, b) if instance.process.poll() is not None]
    for instance in (a, b):
        instance.stop()

    rows = subprocess.run([f"{arguments.pg_bin}/psql", database_url, "-XAt", "-c",
                           "SELECT first_name FROM contacts WHERE last_name = 'Soak'"],
                          check=True, capture_output=True, text=True).stdout.split()
    stored = set(rows)
    accepted = {token for token, outcome in load.writes.items() if outcome == 303}

    # --- the verdict
    problems = []
    recovery_end = events["postgres started"] + RECOVERY_GRACE
    errors_5xx = [r for r in load.results if isinstance(r[3], int) and r[3] >= 500 and r[3] != 503]
    misplaced_503 = [r for r in load.results if r[3] == 503 and not (events["postgres stopped"] <= r[0] <= recovery_end)]
    unanswered = [r for r in load.results if r[3] in ("no answer", "timeout")]
    if crashed:
        problems.append(f"instances died during the run: {crashed}")
    if any(status != 0 for status in a.exits + b.exits):
        problems.append(f"exit statuses a={a.exits} b={b.exits} (expected 0)")
    if errors_5xx:
        problems.append(f"{len(errors_5xx)} 5xx answers other than 503, e.g. {errors_5xx[:3]}")
    if misplaced_503:
        problems.append(f"{len(misplaced_503)} 503s outside the outage, e.g. {misplaced_503[:3]}")
    if unanswered:
        problems.append(f"{len(unanswered)} accepted requests got no answer, e.g. {unanswered[:3]}")
    if accepted - stored:
        problems.append(f"{len(accepted - stored)} contacts answered 303 but not stored: {sorted(accepted - stored)[:5]}")
    if stored - accepted:
        problems.append(f"{len(stored - accepted)} contacts stored without a 303: {sorted(stored - accepted)[:5]}")
    growth = (events["rss end"] - events["rss warm"]) / events["rss warm"]
    if growth > 0.10:
        problems.append(f"instance a's memory grew {growth:.0%} (from {events['rss warm']} to {events['rss end']} KiB)")

    # --- the summary
    print(f"==> Soak: {duration:.0f} s, {arguments.workers} workers, instances a and b over one PostgreSQL")
    print(f"    PostgreSQL stopped at {events['postgres stopped']:.1f} s, started at {events['postgres started']:.1f} s; "
          f"b restarted at {events['b stopping']:.1f} s (exit {events['b exit']}, drained in {events['b drain seconds']:.2f} s, "
          f"ready again at {events['b ready again']:.1f} s)")
    by_kind = {}
    for _, kind, _, outcome, latency in load.results:
        by_kind.setdefault(kind, []).append((outcome, latency))
    for kind, rows_ in sorted(by_kind.items()):
        outcomes = {}
        for outcome, _ in rows_:
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
        latencies = [latency * 1000 for outcome, latency in rows_ if isinstance(outcome, int)]
        print(f"    {kind:15} {len(rows_):6} requests  p50 {percentile(latencies, 0.5):6.1f} ms  p99 {percentile(latencies, 0.99):7.1f} ms  "
              + "  ".join(f"{key}: {value}" for key, value in sorted(outcomes.items(), key=lambda item: str(item[0]))))
    last_503 = max((r[0] for r in load.results if r[3] == 503), default=None)
    print(f"    503s: {sum(1 for r in load.results if r[3] == 503)}, the last at "
          + (f"{last_503:.1f} s ({last_503 - events['postgres started']:+.1f} s after PostgreSQL was back)" if last_503 else "-"))
    print(f"    contact writes: {len(load.writes)} sent, {len(accepted)} answered 303, {len(stored)} stored")
    print(f"    instance a memory: {events['rss warm'] / 1024:.1f} MiB after warm-up, {events['rss end'] / 1024:.1f} MiB at the end ({growth:+.1%})")
    (log_dir / "soak-summary.json").write_text(json.dumps({"events": events, "problems": problems}, indent=2, default=str))
    if problems:
        print("==> Soak FAILED:\n    " + "\n    ".join(problems))
        sys.exit(1)
    print("==> Soak passed: no crash, no 5xx but 503 during the outage, no accepted write lost, memory flat")


if __name__ == "__main__":
    main()
