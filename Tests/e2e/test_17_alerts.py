"""Rate alerts end to end: a user watches a pair at the National Bank of Poland; an admin's
backfill stores new days; each day is told by a webhook whose signature the Standard Webhooks
reference library verifies, by an e-mail to a local SMTP server (STARTTLS with its own
certificate, then AUTH PLAIN), and in the user's Atom feed (read with feedparser). A second
instance over the same database sends nothing more, nor does a restart; a webhook that keeps
failing is retried, then switched off with its reason; a mail server whose certificate is not
trusted is never given the password or a message."""
import re
import ssl
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import feedparser
import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult
from standardwebhooks.webhooks import Webhook

from conftest import ADMIN, AppServer, fresh_database, wait_for_history
from central_banks_stub import CentralBanks, origin_variables
from ports import free_port
from system import Visitor
from test_11_official_sources import RESOURCES


class Receiver:
    """Takes webhooks on loopback: `/hook` answers 204, `/fail` 500."""

    def __init__(self):
        self.calls = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                receiver.calls.append((self.path, dict(self.headers), body))
                self.send_response(204 if self.path == "/hook" else 500)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def to(self, path):
        return [call for call in self.calls if call[0] == path]


class Mailbox:
    """A mail server on loopback that takes a message only after STARTTLS (with a certificate of
    its own, `cert`) and AUTH PLAIN as alerts / p@ss:w0rd."""

    def __init__(self, directory, name):
        self.messages, self.logins = [], []
        self.cert, key = directory / f"{name}.pem", directory / f"{name}.key"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                        "-keyout", str(key), "-out", str(self.cert), "-days", "2", "-subj", f"/CN={name}",
                        "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"], check=True, capture_output=True)
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(self.cert, key)
        self.controller = Controller(self, hostname="127.0.0.1", port=free_port(), tls_context=context, require_starttls=True,
                                     auth_require_tls=True, authenticator=self.authenticate)
        self.controller.start()
        self.url = f"smtp://alerts:p%40ss%3Aw0rd@127.0.0.1:{self.controller.port}"

    def authenticate(self, server, session, envelope, mechanism, credentials):
        self.logins.append((mechanism, credentials.login, credentials.password, session.ssl is not None))
        return AuthResult(success=(credentials.login, credentials.password) == (b"alerts", b"p@ss:w0rd"))

    async def handle_DATA(self, server, session, envelope):
        assert session.ssl is not None and session.authenticated
        self.messages.append(envelope)
        return "250 Message accepted for delivery"


@pytest.fixture(scope="module")
def world(stub, tmp_path_factory):
    banks, receiver, mailbox = CentralBanks(), Receiver(), Mailbox(tmp_path_factory.mktemp("smtp"), "mail-server")
    env = {"RATES_PROVIDER": "blend", "RATES_PROVIDERS": "nbp",
           "ECB_DAILY_URL": banks.base + "/stats/eurofxref/eurofxref-daily.xml",
           "BUNDLED_RATES_FILE": str(RESOURCES / "ecb-hist-2026-02.zip"), **origin_variables(banks.base),
           "ALERTS_ALLOW_PRIVATE_TARGETS": "true", "ALERTS_RETRY_DELAYS": "0.2,0.2", "ALERTS_POLL_INTERVAL": "0.2",
           "SMTP_URL": mailbox.url, "SMTP_CA_FILE": str(mailbox.cert), "SMTP_FROM": "alerts@example.org",
           "PUBLIC_URL": "https://rates.example.org"}
    url = fresh_database("currency_converter_e2e_alerts")
    first = AppServer(url, stub, env)
    wait_for_history(first)
    yield first, url, env, receiver, mailbox
    first.stop()
    mailbox.controller.stop()
    receiver.server.shutdown()
    banks.server.shutdown()


def backfill(admin, first, last):
    admin.get("/admin/rates")
    response = admin.post("/admin/rates/backfill", [("provider", "nbp"), ("from", first), ("to", last)])
    assert response.status_code == 303, response.text[:500]


def until(condition, timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if condition():
            return
        time.sleep(0.2)
    raise AssertionError("not within %s s" % timeout)


def test_a_backfill_is_told_once_by_webhook_e_mail_and_feed(world, stub):
    app, url, env, receiver, mailbox = world
    admin = Visitor(app.base)
    admin.sign_in(*ADMIN)
    backfill(admin, "2026-03-02", "2026-03-02")
    page = admin.get("/alerts")
    assert page.status_code == 200 and "No alerts yet." in page.text
    assert 'name="email"' in page.text, "e-mail is offered: a mail server is set"
    for fields in ([("kind", "each-day"), ("webhook_url", receiver.base + "/hook"), ("email", "eve@example.org")],
                   [("kind", "each-day"), ("webhook_url", receiver.base + "/fail")]):
        admin.get("/alerts")
        response = admin.post("/alerts", [("from", "USD"), ("to", "PLN"), ("source", "nbp"), ("value", "")] + fields)
        assert response.status_code == 303, response.text[:2000]
    # Without the form's token, nothing.
    assert admin.post("/alerts", [("from", "USD"), ("to", "PLN"), ("source", "nbp"), ("kind", "each-day")], csrf=False).status_code == 403
    page = admin.get("/alerts").text
    secrets = re.findall(r"<code>(whsec_[A-Za-z0-9+/=]+)</code>", page)
    assert len(secrets) == 2
    feed = re.search(r'href="(/alerts/feed/[A-Za-z0-9_-]+\.atom)"', page).group(1)

    backfill(admin, "2026-03-03", "2026-03-05")
    until(lambda: len(receiver.to("/hook")) == 3 and len(mailbox.messages) == 3)
    # Each verified with its watch's secret by the specification's reference library.
    days = []
    for _, headers, body in receiver.to("/hook"):
        lower = {name.lower(): value for name, value in headers.items()}
        payload = Webhook(secrets[0]).verify(body, {name: lower[name] for name in ("webhook-id", "webhook-timestamp", "webhook-signature")})
        assert payload["type"] == "rate.alert" and payload["data"]["from"] == "USD" and payload["data"]["to"] == "PLN"
        assert payload["data"]["url"].startswith("https://rates.example.org/?from=USD&to=PLN&amount=1&date=")
        days.append(payload["data"]["day"])
        with pytest.raises(Exception):
            Webhook(secrets[1]).verify(body, {name: lower[name] for name in ("webhook-id", "webhook-timestamp", "webhook-signature")})
    assert sorted(days) == ["2026-03-03", "2026-03-04", "2026-03-05"]
    assert {message.rcpt_tos[0] for message in mailbox.messages} == {"eve@example.org"}
    assert all(message.mail_from == "alerts@example.org" for message in mailbox.messages)
    assert b"Subject: =?UTF-8?B?" in mailbox.messages[0].original_content
    assert mailbox.logins and all(login == ("PLAIN", b"alerts", b"p@ss:w0rd", True) for login in mailbox.logins), \
        "the password is given only over TLS"

    parsed = feedparser.parse(Visitor(app.base).get(feed).text)
    assert not parsed.bozo, parsed.bozo_exception
    assert len(parsed.entries) == 6 and all("USD" in entry.title and "PLN" in entry.title for entry in parsed.entries)
    assert Visitor(app.base).get("/alerts/feed/not-a-token.atom").status_code == 404

    # The failing webhook: each notice tried three times, then the webhook switched off.
    until(lambda: "Switched off after 3 notices in a row could not be delivered" in admin.get("/alerts").text, timeout=30)
    assert len(receiver.to("/fail")) == 9
    metrics = Visitor(app.base).get("/metrics").text
    assert re.search(r'alert_deliveries_total\{channel="webhook",outcome="sent"\} 3', metrics), metrics[-2000:]

    # Another instance over the same database, and a restart: nothing sent again.
    second = AppServer(url, stub, env)
    try:
        time.sleep(3)
        app.restart()
        time.sleep(3)
        assert len(receiver.to("/hook")) == 3 and len(mailbox.messages) == 3 and len(receiver.to("/fail")) == 9
    finally:
        second.stop()


def test_a_mail_server_whose_certificate_is_not_trusted_is_given_neither_the_password_nor_a_message(world, stub, tmp_path):
    _, _, env, _, mailbox = world
    impostor = Mailbox(tmp_path, "impostor")
    app = None
    try:
        # SMTP_CA_FILE still trusts the real server's certificate only.
        app = AppServer(fresh_database("currency_converter_e2e_alerts_tls"), stub,
                        {**env, "SMTP_URL": impostor.url, "LOG_LEVEL": "notice"})
        wait_for_history(app)
        admin = Visitor(app.base)
        admin.sign_in(*ADMIN)
        backfill(admin, "2026-03-02", "2026-03-02")
        admin.get("/alerts")
        response = admin.post("/alerts", [("from", "USD"), ("to", "PLN"), ("source", "nbp"), ("value", ""), ("kind", "each-day"),
                                          ("webhook_url", ""), ("email", "eve@example.org")])
        assert response.status_code == 303, response.text[:2000]
        backfill(admin, "2026-03-03", "2026-03-03")
        # Tried once and after each of the two retry delays, then given up.
        until(lambda: re.search(r'alert_deliveries_total\{channel="email",outcome="dropped"\} 1\b',
                                Visitor(app.base).get("/metrics").text))
        assert re.search(r'alert_deliveries_total\{channel="email",outcome="failed"\} 3\b', Visitor(app.base).get("/metrics").text)
        assert impostor.messages == [] and impostor.logins == []
        log = app.log_path.read_text()
        assert "given up after 3 attempts: TLS with the mail server failed" in log and "CERTIFICATE_VERIFY_FAILED" in log, log[-2000:]
        assert len(mailbox.messages) == 3, "nothing went to the trusted server either"
    finally:
        if app:
            app.stop()
        impostor.controller.stop()
