"""The app as a process under faults: restarts during signed-in load, forms that arrive in pieces,
a database that stops answering or goes away, and malformed requests on a raw socket.

Each app here has a database of its own and reaches PostgreSQL through a loopback proxy the test
controls, so a test can slow, freeze or cut the database without touching the shared cluster."""
import gzip
import html
import os
import re
import signal
import threading
import time
from urllib.parse import urlencode

import pytest
import requests

from conftest import ADMIN, AppServer, database_url, fresh_database, postgres_port
from system import Database, PostgresProxy, Visitor, form_request, port_is_free, raw_exchange, rss_kib, status_of, zip_bomb


def start_app(name, stub, **env):
    """An app on a fresh database behind its own proxy; returns (app, proxy)."""
    fresh_database(name)
    proxy = PostgresProxy(postgres_port())
    defaults = {"DATABASE_CONNECT_TIMEOUT": "2", "DATABASE_POOL_TIMEOUT": "2", "DATABASE_STATEMENT_TIMEOUT": "3"}
    server = AppServer(database_url(name, port=proxy.port), stub, {**defaults, **env})
    return server, proxy


@pytest.fixture(scope="module")
def faulty(stub):
    server, proxy = start_app("cc_faults", stub, LOG_LEVEL="info")
    yield server, proxy
    proxy.forward()
    server.stop()
    proxy.close()


@pytest.fixture
def database(faulty):
    """The proxy, always handed back forwarding, with the app's database reachable again."""
    server, proxy = faulty
    proxy.forward()
    yield proxy
    proxy.forward()
    wait_until(lambda: requests.get(server.base + "/health/ready", timeout=5).status_code == 200, 20)


def wait_until(condition, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            if condition():
                return True
        except requests.RequestException:
            pass
        time.sleep(0.2)
    raise AssertionError(f"not true within {timeout} s")


def timed(call):
    started = time.monotonic()
    result = call()
    return result, time.monotonic() - started


# --- 1. A restart finishes what it accepted ----------------------------------------------------

def test_sigterm_during_signed_in_load_answers_every_accepted_request(stub):
    server, proxy = start_app("cc_restart", stub, LOG_LEVEL="info")
    try:
        visitor = Visitor(server.base)
        visitor.sign_in(*ADMIN)
        cookies = visitor.http.cookies
        # Every database answer now takes 150 ms, so the requests below are still running when
        # the signal arrives.
        proxy.delay(0.15)
        results = [None] * 16

        def fetch(index):
            try:
                response = requests.get(server.base + "/contacts", cookies=cookies, timeout=30)
                results[index] = (response.status_code, response.text.rstrip().endswith("</html>"))
            except requests.RequestException as error:
                results[index] = repr(error)

        threads = [threading.Thread(target=fetch, args=(i,)) for i in range(len(results))]
        for thread in threads:
            thread.start()
        time.sleep(0.4)
        exit_status, elapsed = timed(lambda: server.stop(signal.SIGTERM, timeout=20))
        for thread in threads:
            thread.join()

        assert results == [(200, True)] * len(results)
        assert exit_status == 0
        assert elapsed < 10
        assert port_is_free(server.port)
        log = server.log_path.read_text()
        assert "Fatal error" not in log
        assert "Stopped accepting connections" in log
    finally:
        proxy.close()


def test_the_drain_is_bounded_by_shutdown_timeout(stub):
    server, proxy = start_app("cc_restart_slow", stub, SHUTDOWN_TIMEOUT="1", LOG_LEVEL="info")
    try:
        visitor = Visitor(server.base)
        visitor.sign_in(*ADMIN)
        proxy.delay(2.5)  # a request now takes longer than the app waits at shutdown
        outcome = []

        def fetch():
            try:
                outcome.append(requests.get(server.base + "/contacts", cookies=visitor.http.cookies, timeout=30).status_code)
            except requests.RequestException as error:
                outcome.append(type(error).__name__)

        slow = threading.Thread(target=fetch)
        slow.start()
        time.sleep(0.5)
        exit_status, elapsed = timed(lambda: server.stop(signal.SIGTERM, timeout=20))
        slow.join()
        assert exit_status == 0
        assert elapsed < 6
        assert "are cut off" in server.log_path.read_text()
        assert outcome == ["ConnectionError"]  # past the limit, as configured
    finally:
        proxy.close()


def test_sigint_with_idle_keep_alive_connections_exits_at_once(stub):
    server, proxy = start_app("cc_restart_idle", stub)
    try:
        keep_alive = requests.Session()
        assert keep_alive.get(server.base + "/").status_code == 200  # a connection left open, idle
        exit_status, elapsed = timed(lambda: server.stop(signal.SIGINT, timeout=20))
        assert exit_status == 0
        assert elapsed < 3
    finally:
        proxy.close()


# --- 2. Forms that arrive in several reads ------------------------------------------------------

def test_contact_form_sent_in_pieces_is_saved(faulty, database):
    server, _ = faulty
    visitor = Visitor(server.base)
    visitor.sign_in(*ADMIN)
    visitor.get("/contacts/new")
    fields = urlencode([("first_name", "Chunky"), ("last_name", "Packets"), ("notes", "A long note. " * 150),
                        ("csrf_token", visitor.csrf)])
    head, body = form_request("/contacts", fields, cookie=f"cc_session={visitor.http.cookies['cc_session']}")
    thirds = len(body) // 3
    answer = raw_exchange(server.port, [head, body[:thirds], body[thirds:2 * thirds], body[2 * thirds:]], pause=0.05)
    assert status_of(answer) == 303, answer[:300]
    assert re.search(rb"(?i)\r\nlocation: /contacts/[0-9a-f-]{36}\r\n", answer)
    assert "Chunky Packets" in visitor.get("/contacts?q=Chunky").text


def test_sign_in_sent_byte_by_byte_in_its_body(faulty, database):
    server, _ = faulty
    visitor = Visitor(server.base)
    visitor.get("/login")
    fields = urlencode([("email", ADMIN[0]), ("password", ADMIN[1]), ("csrf_token", visitor.csrf)])
    head, body = form_request("/login", fields, cookie=f"cc_session={visitor.http.cookies['cc_session']}")
    answer = raw_exchange(server.port, [head] + [body[i:i + 7] for i in range(0, len(body), 7)], pause=0.01)
    assert status_of(answer) == 303, answer[:300]


# --- 3. NUL bytes never reach the database ------------------------------------------------------

@pytest.mark.parametrize("path, fields", [
    ("/login", [("email", "a\0@x.org"), ("password", "whatever-it-is")]),
    ("/signup", [("email", "a\0@x.org"), ("password", "long enough pass"), ("password_confirmation", "long enough pass")]),
])
def test_nul_in_a_form_is_a_clear_400(faulty, database, path, fields):
    server, _ = faulty
    visitor = Visitor(server.base)
    visitor.get(path)
    response = visitor.post(path, fields)
    assert response.status_code == 400
    assert "control characters" in response.text


def test_nul_in_a_search_is_a_clear_400(faulty, database):
    server, _ = faulty
    visitor = Visitor(server.base)
    visitor.sign_in(*ADMIN)
    response = visitor.get("/contacts?q=%00")
    assert response.status_code == 400
    assert "control characters" in response.text


# --- 4. A provider that never stops talking ------------------------------------------------------

def test_a_400_mb_provider_answer_costs_the_app_little_memory(stub):
    server, proxy = start_app("cc_huge", stub, RATES_PROVIDER_URL=stub.url("/huge"), RATES_TIMEOUT="60")
    try:
        admin = Visitor(server.base)
        admin.sign_in(*ADMIN)
        admin.get("/admin/rates")
        stub.huge_bytes_sent = 0
        peak_before = rss_kib(server.pid, "VmHWM")
        assert admin.post("/admin/rates/refresh").status_code == 303
        page = admin.get("/admin/rates").text
        assert "the answer is larger than 5 MB" in page
        growth_mib = (rss_kib(server.pid, "VmHWM") - peak_before) / 1024
        assert growth_mib < 20, f"peak memory grew {growth_mib:.1f} MiB"
        assert stub.huge_bytes_sent < 24 << 20, f"{stub.huge_bytes_sent} bytes sent"
    finally:
        server.stop()
        proxy.close()


def test_a_zip_bomb_as_the_full_history_is_refused_and_memory_stays_flat(stub):
    """A 3 MB archive whose CSV inflates to 3 GB (within the 5 MB a download may be): refused,
    saying why, before it is inflated; nothing stored; the app's peak memory all but unchanged
    (it grew by 3 GB before the bound)."""
    stub.documents["/ecb/bomb.zip"] = ("application/zip", zip_bomb(3 << 30))
    server, proxy = start_app("cc_bomb", stub, ECB_FULL_HISTORY_URL=stub.url("/ecb/bomb.zip"), RATES_TIMEOUT="60")
    database = Database(os.environ.get("PSQL", "psql"), database_url("cc_bomb"))
    try:
        admin = Visitor(server.base)
        admin.sign_in(*ADMIN)
        admin.get("/admin/rates")
        days_before = database.query("SELECT count(*) FROM rate_snapshots")
        peak_before = rss_kib(server.pid, "VmHWM")
        response, seconds = timed(lambda: admin.post("/admin/rates/import-full-history"))
        assert response.status_code == 303
        assert seconds < 10, f"the refusal took {seconds:.1f} s"
        page = html.unescape(admin.get("/admin/rates").text)
        assert "European Central Bank: the archive's CSV is larger than 64 MB. The current rates stay in place." in page
        growth_mib = (rss_kib(server.pid, "VmHWM") - peak_before) / 1024
        assert growth_mib < 100, f"peak memory grew {growth_mib:.1f} MiB"
        assert database.query("SELECT count(*) FROM rate_snapshots") == days_before
        assert database.query("SELECT outcome FROM rate_refresh_attempts ORDER BY started_at DESC LIMIT 1") == "failed"
    finally:
        database.close()
        server.stop()
        proxy.close()
        del stub.documents["/ecb/bomb.zip"]


def test_a_compressed_form_is_refused_with_a_clear_415_not_inflated(faulty):
    """A 50 KB gzip bomb (50 MB inflated) posted as a form: a readable 415, not a dropped
    connection (Vapor's default decompressor hung up on it) and not 50 MB in memory."""
    server, _ = faulty
    bomb = gzip.compress(b"amount=" + b"1" * (50 << 20))
    peak_before = rss_kib(server.pid, "VmHWM")
    response = requests.post(server.base + "/convert", data=bomb, timeout=30,
                             headers={"Content-Type": "application/x-www-form-urlencoded", "Content-Encoding": "gzip"})
    assert response.status_code == 415
    assert "Forms are sent uncompressed; a Content-Encoding such as gzip is not accepted." in response.text
    assert (rss_kib(server.pid, "VmHWM") - peak_before) / 1024 < 20
    # The same form uncompressed is fine.
    plain = requests.post(server.base + "/convert", data="from=USD&to=EUR&amount=5", allow_redirects=False, timeout=10,
                          headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert plain.status_code == 303


# --- 5. A database that stops answering ---------------------------------------------------------

def test_a_silent_database_gives_503_within_6_seconds_and_recovers(faulty, database):
    server, _ = faulty
    signed_in = Visitor(server.base)
    signed_in.sign_in(*ADMIN)
    database.swallow()

    for path in ("/contacts", "/admin/rates"):
        response, elapsed = timed(lambda: signed_in.get(path))
        assert response.status_code == 503, (path, response.status_code)
        assert elapsed < 6, (path, elapsed)
        assert response.headers.get("Retry-After")
        assert "database" in response.text
    response, elapsed = timed(lambda: Visitor(server.base).get("/login"))
    assert (response.status_code, elapsed < 6) == (503, True)
    # The converter answers from memory, signed in or not.
    for visitor in (signed_in, Visitor(server.base)):
        response, elapsed = timed(lambda: visitor.get("/?from=USD&to=EUR&amount=100"))
        assert response.status_code == 200 and elapsed < 6
        assert "100 USD =" in response.text
    assert requests.get(server.base + "/api/v1/convert?from=USD&to=EUR&amount=5", timeout=6).status_code == 200
    response, elapsed = timed(lambda: requests.get(server.base + "/health/ready", timeout=10))
    assert response.status_code == 503 and elapsed < 3
    assert requests.get(server.base + "/health/live", timeout=2).status_code == 200

    database.forward()
    wait_until(lambda: signed_in.get("/contacts").status_code == 200, 15)


# --- 6. A database outage is not a sign-out -----------------------------------------------------

def test_a_stopped_database_is_an_honest_503_not_a_sign_in_page(faulty, database):
    server, _ = faulty
    signed_in = Visitor(server.base)
    signed_in.sign_in(*ADMIN)
    anonymous = Visitor(server.base)
    anonymous.get("/login")
    database.cut()

    for path in ("/contacts", "/contacts/new", "/admin/rates"):
        response = signed_in.get(path)
        assert response.status_code == 503, (path, response.status_code, response.headers.get("Location"))
        assert response.headers["Retry-After"].isdigit()
        assert "The database is not answering" in response.text
    assert Visitor(server.base).get("/login").status_code == 503
    response = anonymous.post("/login", [("email", ADMIN[0]), ("password", ADMIN[1])])
    assert response.status_code == 503
    response = signed_in.post("/contacts", [("first_name", "Lost")])
    assert response.status_code == 503
    # The converter keeps working from memory.
    response = signed_in.get("/?from=EUR&to=JPY&amount=3")
    assert response.status_code == 200 and "3 EUR =" in response.text
    assert requests.get(server.base + "/health/ready", timeout=5).status_code == 503

    database.forward()
    wait_until(lambda: signed_in.get("/contacts").status_code == 200, 15)
    assert "Lost" not in signed_in.get("/contacts").text


# --- 9. Requests that try to confuse the server or its logs -------------------------------------

def test_control_characters_in_a_path_cannot_forge_log_lines(faulty, database):
    server, _ = faulty
    requests.get(server.base + "/x%0a%5B%20CRITICAL%20%5D%20forged%0d%0aalso", timeout=5)
    time.sleep(0.3)
    lines = server.log_path.read_text().splitlines()
    assert not [line for line in lines if line.startswith("[ CRITICAL ] forged") or line.startswith("also")]
    assert any("\\n[ CRITICAL ] forged\\r\\nalso" in line for line in lines)


def test_a_nul_in_a_static_path_is_refused(faulty, database):
    server, _ = faulty
    response = requests.get(server.base + "/css/app.css%00.html", timeout=5)
    assert response.status_code == 400
    assert requests.get(server.base + "/css/app.css", timeout=5).headers["Content-Type"].startswith("text/css")


@pytest.mark.parametrize("request_bytes, status", [
    (b"GET /?q=" + b"a" * 20_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
    (b"GET / HTTP/1.1\r\nHost: x\r\n" + b"X-Padding: " + b"b" * 30_000 + b"\r\n\r\n", 431),
    (b"GET /caf%E9%FF HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    (b"GET /contacts?q=%ED%A0%80 HTTP/1.1\r\nHost: x\r\n\r\n", 400),
], ids=["long-uri", "large-header", "non-utf8-path", "lone-surrogate"])
def test_malformed_request_heads_get_a_status(faulty, database, request_bytes, status):
    server, _ = faulty
    answer = raw_exchange(server.port, [request_bytes])
    assert status_of(answer) == status, answer[:200]


@pytest.mark.parametrize("request_bytes", [
    b"GET /caf\xe9\xff HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nX-Padding: " + b"c" * 100_000 + b"\r\n\r\n",
], ids=["raw-non-utf8", "head-over-80k"])
def test_heads_the_http_parser_refuses_close_the_connection_and_nothing_else(faulty, database, request_bytes):
    # NIO's parser rejects these before the app sees them and Vapor 4 closes the connection
    # without a status (docs/OPERATIONS.md); the app must not hang or fall over.
    server, _ = faulty
    assert raw_exchange(server.port, [request_bytes], timeout=5) == b""
    assert requests.get(server.base + "/health/live", timeout=2).status_code == 200


def test_health_endpoints(faulty, database):
    server, _ = faulty
    live = requests.get(server.base + "/health/live", timeout=2)
    ready = requests.get(server.base + "/health/ready", timeout=2)
    assert (live.status_code, ready.status_code) == (200, 200)
    assert requests.get(server.base + "/healthz", timeout=2).text == "ok"
    assert "database" in ready.text and "rates" in ready.text


# --- How the new states look (last: it leaves sign-in and sign-up failures counted) ----------

@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_outage_and_limit_pages_read_well(faulty, database, browser, scheme):
    from conftest import screenshot
    from helpers import sign_in
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    from test_5_accessibility import CONTRAST, set_scheme

    def submit():
        browser.execute_script("window.beforeSubmit = true")
        browser.find_element(By.CSS_SELECTOR, "form.stacked-form button[type=submit]").click()
        # The answer has arrived once a new page (without the marker) has loaded.
        WebDriverWait(browser, 10).until(lambda d: d.execute_script(
            "return window.beforeSubmit === undefined && document.readyState === 'complete'"))

    server, _ = faulty
    suffix = "" if scheme == "light" else "-dark"
    sign_in(browser, server.base, *ADMIN)
    set_scheme(browser, scheme)
    database.cut()
    browser.get(server.base + "/contacts")
    assert "The database is not answering right now" in browser.page_source
    assert browser.execute_script(CONTRAST) == []
    screenshot(browser, "database-unavailable" + suffix)
    browser.get(server.base + "/?from=USD&to=EUR&amount=100")
    assert browser.find_element(By.CSS_SELECTOR, ".account-unavailable").text == "Accounts unavailable"
    assert browser.execute_script(CONTRAST) == []
    screenshot(browser, "converter-accounts-unavailable" + suffix)
    database.forward()
    wait_until(lambda: requests.get(server.base + "/health/ready", timeout=5).status_code == 200, 20)

    browser.delete_all_cookies()
    for _ in range(6):  # five failures, then the refusal
        browser.get(server.base + "/login")
        browser.find_element(By.ID, "email").send_keys(f"{scheme}@example.org")
        browser.find_element(By.ID, "password").send_keys("wrong password")
        submit()
    assert "Too many failed attempts for this email from your connection" in browser.page_source
    assert browser.execute_script(CONTRAST) == []
    screenshot(browser, "login-throttled" + suffix)

    for attempt in range(11 if scheme == "light" else 1):
        browser.get(server.base + "/signup")
        browser.find_element(By.ID, "email").send_keys(ADMIN[0])
        for field in ("password", "password_confirmation"):
            browser.find_element(By.ID, field).send_keys(f"long enough {attempt}")
        submit()
    assert "Too many sign-up attempts from your connection" in browser.page_source
    assert browser.execute_script(CONTRAST) == []
    screenshot(browser, "signup-throttled" + suffix)
