"""Rate alerts end to end: a user watches a pair at the National Bank of Poland; an admin's
backfill stores new days; each day is told by a webhook whose signature the Standard Webhooks
reference library verifies, by an e-mail to a local SMTP server, and in the user's Atom feed
(read with feedparser). A second instance over the same database sends nothing more, nor does a
restart; a webhook that keeps failing is retried, then switched off with its reason."""
import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import feedparser
import pytest
from aiosmtpd.controller import Controller
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
    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(envelope)
        return "250 Message accepted for delivery"


@pytest.fixture(scope="module")
def world(stub):
    banks, receiver, mailbox = CentralBanks(), Receiver(), Mailbox()
    smtp = Controller(mailbox, hostname="127.0.0.1", port=free_port())
    smtp.start()
    env = {"RATES_PROVIDER": "blend", "RATES_PROVIDERS": "nbp",
           "ECB_DAILY_URL": banks.base + "/stats/eurofxref/eurofxref-daily.xml",
           "BUNDLED_RATES_FILE": str(RESOURCES / "ecb-hist-2026-02.zip"), **origin_variables(banks.base),
           "ALERTS_ALLOW_PRIVATE_TARGETS": "true", "ALERTS_RETRY_DELAYS": "0.2,0.2", "ALERTS_POLL_INTERVAL": "0.2",
           "SMTP_URL": f"smtp+insecure://127.0.0.1:{smtp.port}", "SMTP_FROM": "alerts@example.org",
           "PUBLIC_URL": "https://rates.example.org"}
    url = fresh_database("currency_converter_e2e_alerts")
    first = AppServer(url, stub, env)
    wait_for_history(first)
    yield first, url, env, receiver, mailbox
    first.stop()
    smtp.stop()
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
