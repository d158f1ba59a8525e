"""The Frankfurter-compatible API as Frankfurter's own clients see it, on the bundled 27 years:

- a real third-party client, the PyPI package `frankfurter` (2.0.0), pointed at the app;
- answers compared with a model of Frankfurter's v1 (lineofflight/frankfurter, `lib/versions/v1`,
  re-stated here from its Ruby) over the ECB's file the app ships, for days, ranges, bases,
  symbols and amounts that hypothesis picks;
- a web page on another origin calling the API from Chromium (CORS).
"""
import csv
import datetime
import io
import json
import time
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from decimal import ROUND_HALF_UP, Decimal

import frankfurter.engine
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ROOT, RESOURCES

BUNDLED = ROOT / "Sources" / "RateSources" / "Resources" / "ecb-eurofxref-hist.zip"


def ecb_days():
    """The ECB's file as Frankfurter stores it: {date: {code: rate}}, oldest first."""
    with zipfile.ZipFile(BUNDLED) as archive:
        rows = list(csv.reader(io.TextIOWrapper(archive.open("eurofxref-hist.csv"), encoding="utf-8")))
    header = [name.strip() for name in rows[0]]
    days = {}
    for row in reversed(rows[1:]):
        days[row[0]] = {code: float(value) for code, value in zip(header[1:], row[1:]) if code and value not in ("", "N/A")}
    return days


DAYS = ecb_days()
DATES = list(DAYS)


def frankfurter_round(value):
    """Roundable#round."""
    if value > 5000:
        return int(Decimal(value).quantize(Decimal(1), rounding=ROUND_HALF_UP))  # Ruby's Float#round: an Integer, halves up
    for limit, digits in ((80, 2), (20, 3), (1, 4), (0.0001, 5)):
        if value > limit:
            return float(f"{value:.{digits}f}")
    return float(f"{value:.6f}")


def model(dates, base="EUR", symbols=None, amount=1.0):
    """Quote::Base#perform over the days `dates` selects: {date: {code: rate}}."""
    should_round = amount != 1.0 or base != "EUR"
    result = {}
    for date in dates:
        rates = {code: rate for code, rate in DAYS[date].items() if symbols is None or code in symbols + [base]}
        prepared = {code: (frankfurter_round(amount * rate) if should_round else amount * rate) for code, rate in rates.items()}
        if base != "EUR":
            if symbols is None or "EUR" in symbols:
                prepared["EUR"] = amount
            divisor = prepared.pop(base, None)
            if divisor is None or not prepared:
                continue
            prepared = {code: frankfurter_round(amount * rate / divisor) for code, rate in sorted(prepared.items())}
        if prepared:
            result[date] = dict(sorted(prepared.items()))
    return result


def on_or_before(day):
    earlier = [date for date in DATES if date <= day]
    return earlier[-1] if earlier else None


def get(app, path):
    try:
        with urllib.request.urlopen(app.base + path, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.fixture
def client(history_app, monkeypatch):
    """The PyPI client, pointed at the app: it always writes `https://api.frankfurter.dev/v1`,
    so its base URL is replaced and its requests go out as plain HTTP on loopback."""
    monkeypatch.setattr(frankfurter.engine, "BASE_URL", history_app.base.removeprefix("http://") + "/v1")
    real_request = frankfurter.engine.Request
    monkeypatch.setattr(frankfurter.engine, "Request",
                        lambda url, **kwargs: real_request(url.replace("https://", "http://", 1), **kwargs))
    engine = frankfurter.engine.FrankfurterEngine()
    engine.fetch_currencies.cache_clear()
    return engine


def test_the_client_reads_currencies_latest_rates_a_day_and_converts(client):
    newest = DATES[-1]
    currencies = client.fetch_currencies()
    assert list(currencies) == sorted(list(DAYS[newest]) + ["EUR"])
    assert currencies["USD"] == "United States Dollar" and currencies["EUR"] == "Euro"

    latest = client.fetch_latest_data(base="USD", symbols="EUR,GBP")
    assert latest == {"amount": 1.0, "base": "USD", "date": newest, "rates": model([newest], "USD", ["EUR", "GBP"])[newest]}

    expected = json.loads((RESOURCES / "frankfurter-v1-latest-from-USD-2024-07-26.json").read_text())
    assert client.fetch_data_for_date("2024-07-26", base="USD") == expected  # frankfurter.dev's own answer

    assert client.fetch_data_for_date("2020-03-15", symbols="USD")["date"] == "2020-03-13"
    rate = model([newest], "USD", ["JPY"])[newest]["JPY"]
    assert client.convert_currency(100, "USD", "JPY") == 100 * rate


def test_the_client_reads_a_time_series_and_all_27_years_in_well_under_a_second(client):
    week = client.fetch_time_series_data(start_date="2020-03-14", end_date="2020-03-20", symbols="USD,GBP")
    assert week["start_date"] == "2020-03-13" and week["end_date"] == "2020-03-20"
    assert week["rates"] == model([d for d in DATES if "2020-03-13" <= d <= "2020-03-20"], symbols=["USD", "GBP"])

    started = time.monotonic()
    everything = client.fetch_time_series_data(start_date="1999-01-04")
    elapsed = time.monotonic() - started
    assert everything["start_date"] == "1999-01-04" and everything["end_date"] == DATES[-1]
    assert len(everything["rates"]) == len(DATES) == 7126
    assert everything["rates"] == model(DATES)
    assert elapsed < 1.0, f"27 years took {elapsed:.2f} s"


def test_the_client_sees_frankfurters_errors(client):
    with pytest.raises(Exception, match="StatusCode : 404"):
        client.fetch_data_for_date("1998-12-31")
    with pytest.raises(Exception, match="StatusCode : 422"):
        client.fetch_data_for_date("2020-02-30")
    with pytest.raises(frankfurter.engine.UnknownCurrencyException):
        client.fetch_latest_data(base="HRK")  # withdrawn: not among the newest day's currencies


codes = sorted({code for rates in DAYS.values() for code in rates} | {"EUR"})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    day=st.dates(min_value=datetime.date(1998, 12, 20), max_value=datetime.date(2026, 11, 5)),
    span=st.one_of(st.none(), st.integers(min_value=0, max_value=60)),
    base=st.sampled_from(codes + ["XYZ"]),
    symbols=st.one_of(st.none(), st.lists(st.sampled_from(codes), min_size=1, max_size=4, unique=True)),
    amount=st.one_of(st.none(), st.sampled_from(["1", "100", "2.5", "0.01", "1234567", "7"])),
)
def test_answers_match_frankfurters_model(history_app, day, span, base, symbols, amount):
    start = day.isoformat()
    query = {"from": base}
    if symbols is not None:
        query["to"] = ",".join(symbols)
    if amount is not None:
        query["amount"] = amount
    path = (f"/v1/{start}" if span is None else f"/v1/{start}..{(day + datetime.timedelta(days=span)).isoformat()}")
    status, body = get(history_app, path + "?" + urllib.parse.urlencode(query, safe=","))
    value = float(amount) if amount is not None else 1.0
    if symbols == [base]:
        assert (status, json.loads(body)) == (422, {"message": "bad currency pair"})
        return
    if span is None:
        chosen = on_or_before(min(start, time.strftime("%Y-%m-%d")))
        expected = model([chosen], base, symbols, value) if chosen else {}
    else:
        end = (day + datetime.timedelta(days=span)).isoformat()
        first = on_or_before(start) or start
        expected = model([d for d in DATES if first <= d <= end], base, symbols, value)
    if not expected:
        assert (status, json.loads(body)) == (404, {"message": "not found"}), path
        return
    assert status == 200, (path, query, body)
    answer = json.loads(body)
    assert answer["amount"] == value and answer["base"] == base
    if span is None:
        (date, rates), = expected.items()
        assert answer["date"] == date and answer["rates"] == rates
        assert [type(v) for v in answer["rates"].values()] == [type(v) for v in rates.values()]  # 16293, not 16293.0
    else:
        assert (answer["start_date"], answer["end_date"]) == (min(expected), max(expected))
        assert answer["rates"] == expected


def test_a_page_on_another_site_calls_the_api_from_the_browser(history_app, stub, browser):
    browser.get(stub.url("/a-page-on-another-origin"))  # the stub's 404 page: another origin
    result = browser.execute_async_script(
        """const done = arguments[arguments.length - 1];
        fetch(arguments[0] + '/v1/latest?from=USD&to=EUR').then(r => r.json()).then(done, e => done(String(e)));""",
        history_app.base)
    assert result["base"] == "USD" and list(result["rates"]) == ["EUR"], result
