"""Property: whatever text arrives in any form field or query parameter — NUL and other control
characters, bytes that are not UTF-8 (lone surrogates among them), right-to-left marks, 100 KB
values, a parameter repeated or sent as an array — the app answers without a 5xx, and a request
it refuses stores nothing.

Hypothesis generates the input; the app is the real binary on PostgreSQL. Each request comes
"through a trusted proxy" from a random client address, so per-client limits do not stop the
test from reaching the code behind them."""
import random
from urllib.parse import quote_from_bytes

import pytest
import requests
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ADMIN, AppServer, database_url, fresh_database, wait_for_history
from system import Database, Visitor

HOSTILE = [
    "\x00", "a\x00@example.org", "\x1b[31mred", "\x7f", "\u0085", "\r\n[ CRITICAL ] forged", "\t",
    "\u202eevil\u202c", "\u200f", "مرحبا\u200f", "'; DROP TABLE users; --", "<script>alert(1)</script>",
    "%00", "../../etc/passwd", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "\ufeff", "\uffff", "USD", "100", "", " ", "ann@example.org",
]
NOT_UTF8 = [b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xff\xfe", b"\xc0\xaf", b"\x80", b"caf\xe9"]

texts = st.one_of(
    st.text(max_size=40),
    st.sampled_from(HOSTILE),
    st.text(alphabet=st.characters(max_codepoint=0x9F), max_size=20),
)
values = st.one_of(
    texts.map(lambda text: text.encode("utf-8")),
    st.sampled_from(NOT_UTF8),
    st.builds(lambda text, junk: text.encode("utf-8") + junk, texts, st.sampled_from(NOT_UTF8)),
)
huge = st.sampled_from([b"x" * 100_000, "é".encode() * 50_000, b"\x00" * 100_000])


@st.composite
def parameters(draw, names, allow_huge):
    """Some of `names` with hostile values, sometimes repeated, as arrays, or with strangers."""
    chosen = [name for name in names if draw(st.booleans())] or [names[0]]
    pairs = [(name.encode(), draw(huge if allow_huge and draw(st.integers(0, 9)) == 0 else values)) for name in chosen]
    shape = draw(st.sampled_from(["plain", "plain", "repeated", "array", "stranger"]))
    if shape == "repeated":
        pairs.append((pairs[0][0], draw(values)))
    elif shape == "array":
        pairs = [(name + b"[]", value) for name, value in pairs]
    elif shape == "stranger":
        pairs.append((draw(values) or b"x", draw(values)))
    return "&".join(quote_from_bytes(name, safe="") + "=" + quote_from_bytes(value, safe="") for name, value in pairs)


CONTACT = ["first_name", "last_name", "email", "phone", "notes"]
ENDPOINTS = [
    ("GET", "/", ["from", "to", "amount"]),
    ("GET", "/api/v1/convert", ["from", "to", "amount"]),
    ("GET", "/api/v1/rates/latest", ["base"]),
    ("GET", "/contacts", ["q", "page"]),
    ("GET", "/login", ["next"]),
    ("GET", "/about", ["x"]),
    ("POST", "/convert", ["from", "to", "amount"]),
    ("POST", "/swap", ["from", "to", "amount"]),
    ("POST", "/login", ["email", "password", "next"]),
    ("POST", "/signup", ["email", "password", "password_confirmation", "next"]),
    ("POST", "/contacts", CONTACT),
    ("POST", "/contacts/{id}", CONTACT),
]


@pytest.fixture(scope="module")
def hostile(stub):
    fresh_database("cc_hostile")
    server = AppServer(database_url("cc_hostile"), stub, {"TRUSTED_PROXIES": "127.0.0.1"})
    wait_for_history(server)
    owner = Visitor(server.base)
    owner.sign_in(*ADMIN)
    owner.get("/contacts/new")
    created = owner.post("/contacts", [("first_name", "Ann"), ("last_name", "Original")])
    assert created.status_code == 303
    contact = created.headers["Location"]
    db = Database(__import__("os").environ.get("PSQL", "psql"), database_url("cc_hostile"))
    yield server, owner, contact, db
    db.close()
    server.stop()


def fingerprint(db, strict):
    """What a refused request must not change: the accounts and contacts; for a 400 (refused at
    the door), also sessions and rate-limit counts."""
    tables = "(SELECT count(*) FROM users), (SELECT md5(coalesce(string_agg(c::text, ',' ORDER BY c.id), '')) FROM contacts c)"
    if strict:
        tables += ", (SELECT count(*) FROM sessions), (SELECT count(*) FROM throttle_events)"
    return db.query(f"SELECT {tables}")


@pytest.mark.parametrize("method, path, names", ENDPOINTS, ids=[f"{m} {p}" for m, p, _ in ENDPOINTS])
def test_no_input_gets_a_5xx_and_a_refused_request_stores_nothing(hostile, method, path, names):
    server, owner, contact, db = hostile
    path = path.replace("/contacts/{id}", contact)

    @settings(max_examples=int(__import__("os").environ.get("HOSTILE_EXAMPLES", "120")), deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(parameters(names, allow_huge=method == "POST"))
    def check(encoded):
        headers = {"X-Forwarded-For": f"198.51.{random.randrange(256)}.{random.randrange(256)}"}
        strict_before, loose_before = fingerprint(db, True), fingerprint(db, False)
        if method == "GET":
            response = owner.http.get(server.base + path + "?" + encoded, headers=headers, allow_redirects=False, timeout=30)
        else:
            body = encoded + "&csrf_token=" + (owner.csrf or "")
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            response = owner.http.post(server.base + path, data=body.encode(), headers=headers, allow_redirects=False, timeout=30)
        assert response.status_code < 500, (response.status_code, encoded[:300], response.text[:500])
        if response.status_code >= 400:
            assert fingerprint(db, False) == loose_before, (response.status_code, encoded[:300])
        if response.status_code in (400, 413, 414, 415, 431):
            assert fingerprint(db, True) == strict_before, (response.status_code, encoded[:300])
        if response.status_code in (400, 413, 415):
            assert response.headers["Content-Type"].startswith(("text/html", "application/problem+json"))
            assert "Something went wrong" not in response.text

    check()
    # The owner is still signed in and the book still answers.
    assert owner.get("/contacts").status_code == 200


@pytest.mark.parametrize("template", ["/rates/{}/{}", "/contacts/{}", "/contacts/{}/edit", "/{}"])
def test_no_path_segment_gets_a_5xx(hostile, template):
    server, owner, _, db = hostile

    @settings(max_examples=int(__import__("os").environ.get("HOSTILE_EXAMPLES", "120")) // 2, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(st.lists(values, min_size=2, max_size=2))
    def check(segments):
        path = template.format(*(quote_from_bytes(segment, safe="") or "x" for segment in segments))
        before = fingerprint(db, True)
        response = owner.http.get(server.base + path, allow_redirects=False, timeout=30)
        assert response.status_code < 500, (response.status_code, path[:300], response.text[:300])
        if response.status_code >= 400:
            assert fingerprint(db, True) == before, (response.status_code, path[:300])

    check()
