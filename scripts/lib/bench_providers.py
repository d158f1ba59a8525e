"""A year of every central bank's days, for scripts/bench's memory and /v2 measurements.

Writes the days the eight central banks beside the ECB would have published over the year up
to the bundled ECB history's newest day, straight into PostgreSQL (COPY through psql), as the
refresher stores them: one snapshot per provider and day, its home currency as base at 1, its
rates written the way its publisher writes them (`quotation`). Each provider quotes the
currencies its real document holds (Tests/RateSourcesTests/Resources/providers); the values are
the ECB's of that day where it has one, else the recorded ExchangeRate-API payload's through
the ECB's dollar, each provider a few hundredths of a per cent off the others. The Polish
table B is weekly (Wednesdays); the others publish on the ECB's business days.

    python3 scripts/lib/bench_providers.py psql -h 127.0.0.1 -p PORT -U postgres -d bench
"""
import csv
import io
import json
import re
import subprocess
import sys
import uuid
import zipfile
from datetime import date, timedelta
from decimal import Decimal, getcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROVIDERS = ROOT / "Tests" / "RateSourcesTests" / "Resources" / "providers"
getcontext().prec = 28


def ecb_days():
    archive = zipfile.ZipFile(ROOT / "Sources" / "RateSources" / "Resources" / "ecb-eurofxref-hist.zip")
    rows = list(csv.reader(io.StringIO(archive.read(archive.namelist()[0]).decode())))
    header = [name.strip() for name in rows[0]]
    days = {}
    for row in rows[1:]:
        rates = {code: Decimal(value.strip()) for code, value in zip(header[1:], row[1:])
                 if code and value.strip() not in ("", "N/A")}
        days[date.fromisoformat(row[0].strip())] = dict(rates, EUR=Decimal(1))
    return days


def codes():
    """Each provider's home currency, quotation and the currencies its real document quotes."""
    nbp_a = [r["code"] for r in json.loads((PROVIDERS / "nbp-table-a-2026-03-01..05.json").read_text())[0]["rates"]]
    nbp_b = [r["code"] for r in json.loads((PROVIDERS / "nbp-table-b-2026-03-01..05.json").read_text())[0]["rates"]]
    cnb = sorted({r["currencyCode"] for r in json.loads((PROVIDERS / "cnb-exrates-daily-year-2026.json").read_text())["rates"]})
    nbu = sorted({r["cc"] for r in json.loads((PROVIDERS / "nbu-exchange-site-2026-03.json").read_text())})
    cbr = sorted(set(re.findall(r"<CharCode>([A-Z]{3})</CharCode>", (PROVIDERS / "cbr-xml-daily.xml").read_bytes().decode("latin-1"))))
    boc = sorted(key[2:5] for key in json.loads((PROVIDERS / "boc-valet-fx-rates-daily-2026-03-12.json").read_text())["seriesDetail"]
                 if key.startswith("FX") and key.endswith("CAD"))
    nb = sorted({row["BASE_CUR"] for row in csv.DictReader((PROVIDERS / "norges-bank-exr-b-nok-sp.csv").open())})
    # The RBA's and the Bank of England's series codes are not ISO codes: their parsers' lists.
    rba = "USD CNY JPY EUR KRW GBP SGD INR THB NZD TWD MYR IDR VND AED PGK HKD CAD SAR CHF PHP".split()
    boe = "USD EUR JPY CAD CHF AUD NZD NOK SEK DKK HKD SGD SAR ZAR TWD CZK HUF PLN ILS MYR THB CNY KRW TRY INR".split()
    return [("boc", "CAD", "base-per-unit", boc), ("cnb", "CZK", "base-per-unit", cnb), ("nbp", "PLN", "base-per-unit", nbp_a),
            ("nbp.b", "PLN", "base-per-unit", nbp_b), ("cbr", "RUB", "base-per-unit", cbr), ("nb", "NOK", "base-per-unit", nb),
            ("rba", "AUD", "units-per-base", rba), ("nbu", "UAH", "base-per-unit", nbu), ("boe", "GBP", "units-per-base", boe)]


def main(psql):
    days = ecb_days()
    newest = max(days)
    year = sorted(day for day in days if day > newest - timedelta(days=365))
    per_usd = {code: Decimal(str(rate)) for code, rate in json.loads(
        (ROOT / "Tests" / "RateSourcesTests" / "Resources" / "exchangerate-api-latest-USD.json").read_text())["rates"].items()}
    snapshots, rates = io.StringIO(), io.StringIO()
    count = 0
    for index, (source, home, quotation, quoted) in enumerate(codes()):
        skew = Decimal(1) + Decimal(index - 4) / Decimal(20000)  # ±0.02 %: never screened out
        for day in year:
            if source == "nbp.b" and day.isoweekday() != 3:
                continue
            ecb = days[day]

            def per_euro(code):
                if code in ecb:
                    return ecb[code]
                return per_usd[code] * ecb["USD"] if code in per_usd else None

            home_per_euro = per_euro(home)
            if home_per_euro is None:
                continue
            snapshot = uuid.uuid4()
            snapshots.write(f"{snapshot},{source},{home},{day.isoformat()},{day.isoformat()} 16:00:00+00,{quotation}\n")
            rates.write(f"{uuid.uuid4()},{snapshot},{home},1\n")
            for code in quoted:
                value = per_euro(code)
                if code == home or value is None:
                    continue
                units_per_home = value / home_per_euro * skew
                rate = units_per_home if quotation == "units-per-base" else 1 / units_per_home
                rates.write(f"{uuid.uuid4()},{snapshot},{code},{rate:.6g}\n")
                count += 1
    subprocess.run(psql + ["-c", "\\copy rate_snapshots (id, source, base_currency, effective_date, stored_at, quotation) FROM STDIN WITH (FORMAT csv)"],
                   input=snapshots.getvalue(), text=True, check=True)
    subprocess.run(psql + ["-c", "\\copy snapshot_rates (id, snapshot_id, currency_code, rate) FROM STDIN WITH (FORMAT csv)"],
                   input=rates.getvalue(), text=True, check=True)
    print(f"{snapshots.getvalue().count(chr(10))} days of 9 providers, {count} rates, {year[0]} to {year[-1]}")


if __name__ == "__main__":
    main(sys.argv[1:])
