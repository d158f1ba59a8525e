"""A year of every central bank's days, for scripts/bench's memory and /v2 measurements.

Writes the days each provider beside the ECB would have published over the year (or, with
`--years N`, the N years; 28 or more: every bundled ECB day) up to the bundled ECB history's newest day, straight into PostgreSQL (COPY through psql), as the refresher
stores them: one snapshot per provider and day, its home currency as base at 1, its rates written
the way its publisher writes them (`quotation`, and the other way for the currencies it names
`reversed`). Each provider quotes the currencies its recorded documents hold
(scripts/lib/recorded_currencies.json, which RecordedCoverageTests keeps true to
Tests/RateSourcesTests/Resources/providers); the values are the ECB's of that day where it has
one, else the recorded ExchangeRate-API payload's through the ECB's dollar, each provider a few
hundredths of a per cent off the others. A weekly provider (the Polish table B) publishes on
Wednesdays; the others on the ECB's business days. A provider that stores buying and selling
rates (`sides` in the list) gets both beside each mid, a tenth of a per cent either side of it,
as its refresh would store them.

    python3 scripts/lib/bench_providers.py [--years N] psql -h 127.0.0.1 -p PORT -U postgres -d bench

Ten years are 5 million rates: the rows go to psql as they are made, never all in memory.
"""
import csv
import io
import json
import subprocess
import sys
import tempfile
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


def providers():
    """Each provider's id, home currency, quotation, cadence, currencies, those written the other way, and whether it has sides."""
    listed = json.loads((Path(__file__).parent / "recorded_currencies.json").read_text())
    return [(source, p["home"], p["quotation"], p["cadence"], p["currencies"], set(p["reversed"]), p["sides"])
            for source, p in listed.items()]


def main(arguments):
    years = 1
    if arguments[:1] == ["--years"]:
        years, arguments = int(arguments[1]), arguments[2:]
    psql = arguments
    days = ecb_days()
    newest = max(days)
    year = sorted(day for day in days if day > newest - timedelta(days=365 * years + years // 4))
    per_usd = {code: Decimal(str(rate)) for code, rate in json.loads(
        (ROOT / "Tests" / "RateSourcesTests" / "Resources" / "exchangerate-api-latest-USD.json").read_text())["rates"].items()}
    snapshots = io.StringIO()
    rates = tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False)
    count = sides = 0
    skipped = []
    listed = providers()
    month_ends = {max(day for day in year if (day.year, day.month) == (each.year, each.month)) for each in year}
    month_starts = {min(day for day in year if (day.year, day.month) == (each.year, each.month)) for each in year}
    for index, (source, home, quotation, cadence, quoted, reversed_codes, has_sides) in enumerate(listed):
        skew = Decimal(1) + Decimal(index % 9 - 4) / Decimal(20000)  # ±0.02 %: never screened out
        for day in year:
            if cadence == "weekly" and day.isoweekday() != 3:
                continue
            # A tax authority's month (its first day) or quarter (its last, the US Treasury's record date).
            if cadence == "monthly" and day.day != 1:
                continue
            if cadence == "quarterly" and not (day.month % 3 == 0 and (day + timedelta(days=1)).day == 1):
                continue
            # The BIS's month-end rates: each month's last business day here.
            if cadence == "month-end" and day not in month_ends:
                continue
            # The Kursliste's year-end rates and year means, one a year: December's last and January's first days stand in.
            if cadence == "year-end" and not (day in month_ends and day.month == 12):
                continue
            if cadence == "yearly" and not (day in month_starts and day.month == 1):
                continue
            ecb = days[day]

            def per_euro(code):
                if code in ecb:
                    return ecb[code]
                return per_usd[code] * ecb["USD"] if code in per_usd else None

            home_per_euro = per_euro(home)
            if home_per_euro is None:
                skipped.append(source)
                break
            snapshot = uuid.uuid4()
            written = sorted(code for code in reversed_codes if code != home and per_euro(code) is not None)
            snapshots.write(f"{snapshot},{source},{home},{day.isoformat()},{day.isoformat()} 16:00:00+00,{quotation},\"{' '.join(written)}\"\n")
            rates.write(f"{uuid.uuid4()},{snapshot},{home},1,{'1,1' if has_sides else ','}\n")
            for code in quoted:
                value = per_euro(code)
                if code == home or value is None:
                    continue
                units_per_home = value / home_per_euro * skew
                per_unit = quotation == "base-per-unit" and code not in reversed_codes
                rate = 1 / units_per_home if per_unit else units_per_home
                spread = f"{rate * Decimal('0.999'):.6g},{rate * Decimal('1.001'):.6g}" if has_sides else ","
                rates.write(f"{uuid.uuid4()},{snapshot},{code},{rate:.6g},{spread}\n")
                count += 1
                sides += 2 if has_sides else 0
    subprocess.run(psql + ["-c", "\\copy rate_snapshots (id, source, base_currency, effective_date, stored_at, quotation, reversed) FROM STDIN WITH (FORMAT csv)"],
                   input=snapshots.getvalue(), text=True, check=True)
    rates.close()
    try:
        subprocess.run(psql + ["-c", f"\\copy snapshot_rates (id, snapshot_id, currency_code, rate, buying, selling) FROM '{rates.name}' WITH (FORMAT csv)"],
                       check=True)
    finally:
        Path(rates.name).unlink()
    missing = f" (not {', '.join(skipped)}: no ECB or ExchangeRate-API rate for the home currency)" if skipped else ""
    print(f"{snapshots.getvalue().count(chr(10))} days of {len(listed) - len(skipped)} providers, {count} rates and {sides} "
          "buying and selling rates, "
          f"{year[0]} to {year[-1]}{missing}")


if __name__ == "__main__":
    main(sys.argv[1:])
