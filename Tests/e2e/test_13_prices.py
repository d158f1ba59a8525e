"""Prices for plain-text accounting, read by the tools people keep their books with, on the
bundled 27 years: hledger and Ledger (Debian's) read the journal `/api/v1/prices?format=ledger`
writes and value a balance with its prices; bean-check (PyPI's beancount) accepts the Beancount
file and beancount's loader reads every price; all of them agree with the JSON answer, day by
day, and with the ECB's own figures for the days the test names.
"""
import csv
import io
import json
import re
import subprocess
import urllib.request
from decimal import Decimal

from beancount import loader
from beancount.core import data

QUERY = "base=EUR&quotes=USD,GBP,JPY&from=2026-01-01&to=2026-03-31&source=ecb"


def fetch(server, query):
    with urllib.request.urlopen(server.base + "/api/v1/prices?" + query, timeout=60) as response:
        return response.read().decode()


def expected(server):
    """{(day, quote): amount} from the JSON answer."""
    return {(price["date"], price["quote"]): Decimal(price["amount"]) for price in json.loads(fetch(server, QUERY))}


def test_the_json_answer_is_the_ecbs_figures(history_app):
    prices = expected(history_app)
    assert len({day for day, _ in prices}) >= 55, "every ECB business day of the quarter"
    assert all(quote in ("USD", "GBP", "JPY") for _, quote in prices)
    # The ECB's own figures (its eurofxref-hist.csv).
    assert prices[("2026-03-04", "USD")] == Decimal("1.1649") and prices[("2026-01-02", "JPY")] == Decimal("183.94")
    csv_rows = list(csv.DictReader(io.StringIO(fetch(history_app, QUERY + "&format=csv"))))
    assert {(row["date"], row["quote"]): Decimal(row["amount"]) for row in csv_rows} == prices
    assert {row["source"] for row in csv_rows} == {"ecb"} and {row["type"] for row in csv_rows} == {"reference rate"}


def test_hledger_reads_the_journal_and_values_with_it(history_app, tmp_path):
    journal = tmp_path / "prices.journal"
    journal.write_text(fetch(history_app, QUERY + "&format=ledger"))
    listed = subprocess.run(["hledger", "-f", str(journal), "prices"], capture_output=True, text=True, check=True).stdout
    read = {}
    for line in listed.splitlines():
        _, day, commodity, amount, quote = line.split()
        assert commodity == "EUR"
        read[(day, quote)] = Decimal(amount)
    assert read == expected(history_app)
    # A hundred euros held on the last day, valued in dollars at that day's price.
    last_day = max(day for day, quote in read if quote == "USD")
    books = tmp_path / "books.journal"
    books.write_text(f"include {journal}\n\n{last_day} Held\n    assets:cash    100 EUR\n    equity\n")
    valued = subprocess.run(["hledger", "-f", str(books), "bal", "assets", "-X", "USD", "-N"], capture_output=True, text=True, check=True)
    assert re.search(r"([\d.]+) USD", valued.stdout).group(1).rstrip("0").rstrip(".") == str(read[(last_day, "USD")] * 100).rstrip("0").rstrip(".")


def test_ledger_reads_the_journal(history_app, tmp_path):
    journal = tmp_path / "prices.ledger"
    journal.write_text(fetch(history_app, QUERY + "&format=ledger"))
    books = tmp_path / "books.ledger"
    books.write_text(f"include {journal}\n\n2026-03-31 * Held\n    Assets:Cash    100 EUR\n    Equity\n")
    pricedb = subprocess.run(["ledger", "-f", str(books), "pricedb"], capture_output=True, text=True, check=True).stdout
    read = {}
    for line in pricedb.splitlines():
        match = re.fullmatch(r"P (\d{4})/(\d\d)/(\d\d) \S+ EUR ([A-Z]{3})([\d.]+)", line)
        assert match, line
        read[(f"{match[1]}-{match[2]}-{match[3]}", match[4])] = Decimal(match[5])
    assert read == expected(history_app)


def test_bean_check_accepts_the_beancount_file(history_app, tmp_path):
    ledger = tmp_path / "prices.beancount"
    ledger.write_text(fetch(history_app, QUERY + "&format=beancount&invert=true"))
    subprocess.run(["bean-check", str(ledger)], check=True)
    entries, errors, _ = loader.load_file(str(ledger))
    assert errors == []
    prices = [entry for entry in entries if isinstance(entry, data.Price)]
    # Inverted: a unit of each quote in euros.
    assert {entry.currency for entry in prices} == {"USD", "GBP", "JPY"} and {entry.amount.currency for entry in prices} == {"EUR"}
    assert len(prices) == len(expected(history_app))
    for entry in prices:
        rate = expected(history_app)[(entry.date.isoformat(), entry.currency)]
        assert abs(entry.amount.number * rate - 1) < Decimal("1e-9"), (entry, rate)
