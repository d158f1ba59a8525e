"""End-to-end fixtures: a loopback rates provider, the app on PostgreSQL, and headless Chromium.

scripts/test runs this suite after the Swift tests, with APP_BINARY and E2E_DATABASE_URL set.
Screenshots of every page land in artifacts/screenshots/ (git-ignored).
"""
import atexit
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "lib"))
from ports import free_port  # noqa: E402  (shared with scripts/lib/soak.py)
RESOURCES = ROOT / "Tests" / "AppTests" / "Resources"
# The providers' documents the parsers' tests read; the loopback provider serves them.
DOCUMENTS = ROOT / "Tests" / "RateSourcesTests" / "Resources"
ARTIFACTS = ROOT / "artifacts" / "screenshots"
ADMIN = ("admin@example.org", "correct-horse-battery")
HUGE_BYTES = 400 << 20
WIDTHS = (1280, 390)


class StubProvider:
    """Serves ExchangeRate-API's and the ECB's real formats on loopback. The ExchangeRate-API
    document is re-dated to yesterday, so a refresh becomes the current rates."""

    def __init__(self):
        self.yesterday = int(time.time()) - 86_400
        er_api = (DOCUMENTS / "exchangerate-api-latest-USD.json").read_text()
        self.documents = {
            "/er-api/latest/USD": ("application/json",
                                   re.sub(r'"time_last_update_unix":\d+', f'"time_last_update_unix":{self.yesterday}', er_api)),
            "/ecb/hist-90d.xml": ("text/xml", (DOCUMENTS / "ecb-history.xml").read_text()),
        }
        documents = self.documents
        self.huge_bytes_sent = 0
        provider = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self):
                if self.path == "/huge":
                    return self.send_huge()
                kind, body = documents.get(self.path, ("text/plain", None))
                data = body if isinstance(body, bytes) else (body or "not found").encode()
                self.send_response(200 if body else 404)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def send_huge(self):
                """400 MB of whitespace, chunked without a length, as fast as the client reads."""
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                chunk = b" " * (64 << 10)
                frame = b"%x\r\n" % len(chunk) + chunk + b"\r\n"
                try:
                    for _ in range(HUGE_BYTES // len(chunk)):
                        self.wfile.write(frame)
                        provider.huge_bytes_sent += len(chunk)
                    self.wfile.write(b"0\r\n\r\n")
                except OSError:
                    pass  # the client hung up, as it should
                self.close_connection = True

            def log_message(self, *args):
                pass

        self.port = free_port()
        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    @property
    def effective_date(self):
        return time.strftime("%Y-%m-%d", time.gmtime(self.yesterday))


class AppServer:
    """The app binary serving on loopback; restartable (same database, same port)."""

    def __init__(self, database_url, stub, extra_env=None):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.env = dict(os.environ,
                        DATABASE_URL=database_url, ADMIN_EMAIL=ADMIN[0], ADMIN_PASSWORD=ADMIN[1], BCRYPT_COST="4",
                        RATES_PROVIDER="exchangerate-api", RATES_PROVIDERS="exchangerate-api",
                        RATES_PROVIDER_URL=stub.url("/er-api/latest/USD"), ECB_HISTORY_URL=stub.url("/ecb/hist-90d.xml"),
                        LOG_LEVEL="warning")
        self.env.update(extra_env or {})
        # RATES_PROVIDER_URL moves the default source's newest document: the app refuses to start
        # with it beside a default source that has none (the blend, a central bank).
        if self.env["RATES_PROVIDER"] != "exchangerate-api" and "RATES_PROVIDER_URL" not in (extra_env or {}):
            del self.env["RATES_PROVIDER_URL"]
        (ROOT / "artifacts").mkdir(exist_ok=True)  # whichever suite starts an app first, on a clean clone
        self.log = open(ROOT / "artifacts" / f"app-{self.port}.log", "a")
        self.process = None
        # Where the app finds Templates/ and Public/ (another build's, for a test of updating).
        self.cwd = ROOT
        # A fixture whose setup fails after starting the app never reaches its stop: the app is
        # stopped when the run ends, whatever happened (it once outlived a failed run).
        atexit.register(self.stop_if_running)
        self.start()

    def stop_if_running(self):
        if self.process is not None and self.process.poll() is None:
            self.stop(signal.SIGKILL, timeout=5)

    def start(self):
        binary = os.environ.get("APP_BINARY", str(ROOT / ".build" / "debug" / "App"))
        self.process = subprocess.Popen([binary, "serve", "--hostname", "127.0.0.1", "--port", str(self.port)],
                                        cwd=self.cwd, env=self.env, stdout=self.log, stderr=self.log)
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                if urllib.request.urlopen(self.base + "/healthz", timeout=1).read() == b"ok":
                    return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"the app did not start on {self.base}; see artifacts/app-{self.port}.log")

    @property
    def pid(self):
        return self.process.pid

    @property
    def log_path(self):
        return ROOT / "artifacts" / f"app-{self.port}.log"

    def stop(self, sig=signal.SIGINT, timeout=20):
        """Sends `sig` and waits; returns the exit status (None if it had to be killed)."""
        self.process.send_signal(sig)
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return None

    def restart(self):
        self.stop()
        self.start()


def database_url(name, port=None):
    base = os.environ.get("E2E_DATABASE_URL")
    if not base:
        pytest.exit("E2E_DATABASE_URL is not set: run scripts/test", returncode=2)
    url = re.sub(r"/[^/?]+(\?|$)", f"/{name}\\1", base, count=1)
    return re.sub(r"@([^:/]+):\d+/", f"@\\1:{port}/", url, count=1) if port else url


def postgres_port():
    return int(re.search(r"@[^:/]+:(\d+)/", os.environ["E2E_DATABASE_URL"]).group(1))


def fresh_database(name):
    """An empty database of that name (dropped first if a earlier run left it)."""
    psql = os.environ.get("PSQL", "psql")
    for statement in (f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', f'CREATE DATABASE "{name}"'):
        subprocess.run([psql, database_url("postgres"), "-X", "-q", "-c", statement], check=True)
    return database_url(name)


@pytest.fixture(scope="session")
def stub():
    provider = StubProvider()
    yield provider
    provider.server.shutdown()


def wait_for_history(server, total=None, timeout=120):
    """Until the bundled history is stored (`total` days): answers that need past days are a 503
    with Retry-After and how far the load has come, never "not found"; then they answer."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            urllib.request.urlopen(server.base + "/v2/providers", timeout=5).read()
            return
        except urllib.error.HTTPError as error:
            body = error.read().decode()
            assert error.code == 503, f"{error.code} {body}"
            assert error.headers["Retry-After"] == "5", body
            assert re.search(r"still being stored \([\d,]+ of " + (re.escape(total).replace(",", ",?") if total else r"[\d,]+") + r" days\)", body), body
            time.sleep(0.5)
    pytest.fail(f"the bundled history was not stored in {timeout} s")


@pytest.fixture(scope="session")
def app(stub):
    server = AppServer(os.environ.get("E2E_DATABASE_URL") or database_url("e2e"), stub)
    wait_for_history(server, total="7,126")
    yield server
    server.stop()


BUNDLED = ROOT / "Sources" / "RateSources" / "Resources" / "ecb-eurofxref-hist.zip"


@pytest.fixture(scope="session")
def history_app(stub):
    """The app with the bundled 27 years, once every day is stored (the older days load in the
    background after the first start; the newest converts at once)."""
    url = fresh_database("currency_converter_e2e_history")
    server = AppServer(url, stub, {"BUNDLED_RATES_FILE": str(BUNDLED)})
    # While the history loads, the newest day already converts; past days wait for it.
    assert api(server, "/api/v1/convert?from=USD&to=EUR&amount=100")["ratesDate"] == "2026-10-30"
    wait_for_history(server, total="7,126")
    psql = os.environ.get("PSQL", "psql")
    count = subprocess.run([psql, url, "-XqtA", "-c", "SELECT count(*) FROM rate_snapshots"],
                           capture_output=True, text=True, check=True).stdout.strip()
    assert int(count) >= 7126, count
    yield server
    server.stop()


def make_browser(javascript=True, downloads=None):
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars",
                     "--window-size=1280,900", "--lang=en-US"]:
        options.add_argument(argument)
    prefs = {}
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    if downloads:
        prefs.update({"download.default_directory": str(downloads), "download.prompt_for_download": False})
    if prefs:
        options.add_experimental_option("prefs", prefs)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)


@pytest.fixture
def browser():
    driver = make_browser()
    yield driver
    # No page may log a script error or a Content-Security-Policy violation.
    problems = [entry for entry in driver.get_log("browser")
                if entry["level"] == "SEVERE" and "Failed to load resource" not in entry["message"]]
    driver.quit()
    assert not problems, problems


@pytest.fixture
def browser_without_js():
    driver = make_browser(javascript=False)
    yield driver
    driver.quit()


def screenshot(driver, name):
    """Full-page screenshots at desktop and phone widths."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    original = driver.get_window_size()
    for width in WIDTHS:
        driver.set_window_size(width, 900)
        height = driver.execute_script("return Math.max(document.documentElement.scrollHeight, document.body.scrollHeight)")
        # The window's own frame takes part of its height: add it, or the page's foot is cut off.
        frame = driver.execute_script("return window.outerHeight - window.innerHeight")
        driver.set_window_size(width, max(height + frame, 600))
        driver.save_screenshot(str(ARTIFACTS / f"{name}-{width}.png"))
    driver.set_window_size(original["width"], original["height"])


def api(app, path):
    with urllib.request.urlopen(app.base + path, timeout=10) as response:
        return json.load(response)
