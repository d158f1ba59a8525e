"""The central banks as a visitor and an admin meet them: an app fetching every official provider
from a loopback stand-in that serves each publisher's real document at its own paths (the
files of Tests/RateSourcesTests/Resources/providers, of March and April 2026). In Chromium the
admin backfills a provider and the visitor converts with it through the Source menu; the pages
with the blend's details are valid and accessible in every language; Schemathesis checks the
/v2 API against Frankfurter's own published v2 document (not only this app's)."""
import json
import os
import subprocess
import sys
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import ADMIN, ROOT, AppServer, fresh_database, screenshot, wait_for_history
from helpers import choose, press, selected, sign_in, summary, type_amount, wait_for
from test_10_languages import LANGUAGES, Visitor, check_accessibility, check_valid, save
from test_5_accessibility import set_scheme
from central_banks_stub import OFFICIAL, CentralBanks, origin_variables

RESOURCES = ROOT / "Tests" / "AppTests" / "Resources"


def serving(stub, providers, database):
    """The app fetching `providers` from a loopback stand-in of their publishers, over the bundled
    ECB days to February 2026, in a fresh `database`; stopped with its stand-in afterwards."""
    banks = CentralBanks()
    env = {"RATES_PROVIDER": "blend", "RATES_PROVIDERS": ",".join(providers),
           "ECB_DAILY_URL": banks.base + "/stats/eurofxref/eurofxref-daily.xml",
           "BUNDLED_RATES_FILE": str(RESOURCES / "ecb-hist-2026-02.zip"), **origin_variables(banks.base)}
    server = AppServer(fresh_database(database), stub, env)
    wait_for_history(server)
    yield server
    server.stop()
    banks.server.shutdown()


@pytest.fixture(scope="module")
def banks_app(stub):
    yield from serving(stub, OFFICIAL, "currency_converter_e2e_banks")


def api(server, path):
    with urllib.request.urlopen(server.base + path, timeout=30) as response:
        return json.loads(response.read())


def backfill(browser, base, provider, first, last):
    browser.get(base + "/admin/rates")
    Select(browser.find_element(By.ID, "backfill-provider")).select_by_value(provider)
    for field, day in (("backfill-from", first), ("backfill-to", last)):
        # A date field takes its value as typed in the browser's locale: set it as the form sends it.
        browser.execute_script("arguments[0].value = arguments[1]", browser.find_element(By.ID, field), day)
    browser.find_element(By.CSS_SELECTOR, "form.backfill button[type=submit]").click()
    return wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, "p.flash").text)


def test_an_admin_backfills_a_bank_and_a_visitor_converts_with_it_from_the_source_menu(banks_app, browser):
    sign_in(browser, banks_app.base, *ADMIN)
    flash = backfill(browser, banks_app.base, "nbp", "2026-03-01", "2026-03-05")
    assert flash == "Backfill: stored. Stored 4 days of rates from National Bank of Poland (2026-03-02 to 2026-03-05).", flash
    backfill(browser, banks_app.base, "cnb", "2026-03-01", "2026-03-05")
    screenshot(browser, "admin-rates-providers")
    # The visitor picks the bank: its page, with its currencies, converts at its rate.
    browser.get(banks_app.base + "/?from=USD&to=EUR&amount=100")
    choose(browser, "source", "nbp")
    wait_for(browser, lambda d: "source=nbp" in d.current_url)
    choose(browser, "to", "PLN")
    type_amount(browser, "100")
    wait_for(browser, lambda d: summary(d) == "100 USD = 367.71 PLN")
    assert "source=nbp" in browser.current_url and "to=PLN" in browser.current_url
    assert "National Bank of Poland" in browser.find_element(By.CSS_SELECTOR, ".rates-source").text
    screenshot(browser, "converter-source-nbp")
    # Remembered with its source: the converter opens there again.
    browser.get(banks_app.base + "/")
    assert Select(browser.find_element(By.ID, "source")).first_selected_option.get_attribute("value") == "nbp"


def test_a_ledger_preset_sets_and_locks_its_fields_and_the_receipt_cites_its_guidance(banks_app, browser):
    """After the backfill above the Czech fixing is stored: cz-vat can be chosen, gb-vat (HMRC is
    not fetched here) cannot."""
    browser.get(banks_app.base + "/ledger")
    menu = Select(browser.find_element(By.ID, "preset"))
    assert not browser.find_element(By.CSS_SELECTOR, "#preset option[value=cz-vat]").get_attribute("disabled")
    assert browser.find_element(By.CSS_SELECTOR, "#preset option[value=gb-vat]").get_attribute("disabled")
    assert "It is not tax advice" in browser.find_element(By.ID, "preset-advice").text
    assert not browser.find_element(By.ID, "preset-summary").is_displayed()
    menu.select_by_value("cz-vat")
    summary_text = wait_for(browser, lambda d: d.find_element(By.ID, "preset-summary").is_displayed()
                            and d.find_element(By.ID, "preset-summary").text)
    assert "The CNB’s exchange rate valid on the day the tax falls due" in summary_text, summary_text
    link = browser.find_element(By.ID, "preset-guidance")
    assert link.get_attribute("href") == "https://www.e-sbirka.cz/sb/2004/235" and "§ 4 odst. 5" in link.text
    # What the preset sets shows, and cannot be changed while it is chosen.
    assert Select(browser.find_element(By.ID, "to")).first_selected_option.get_attribute("value") == "CZK"
    assert Select(browser.find_element(By.ID, "source")).first_selected_option.get_attribute("value") == "cnb"
    assert browser.find_element(By.ID, "rule-same-day").is_selected()
    assert browser.find_element(By.ID, "to").get_attribute("disabled") and browser.find_element(By.ID, "rule-month-average").get_attribute("disabled")
    browser.find_element(By.ID, "text").send_keys("date,amount,currency\n2026-03-04,100,USD\n")
    browser.find_element(By.CSS_SELECTOR, "button[value=preview]").click()
    rates = wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "table.ledger-rates tbody tr"))
    # Wednesday 4 March's fixing, 20.914 CZK per dollar.
    assert "20.914" in rates[0].text and "cnb" in rates[0].text, rates[0].text
    receipt = browser.find_element(By.CSS_SELECTOR, "dl.receipt").text
    assert "Czechia: VAT (cz-vat)" in receipt and "2,091.40 CZK" in receipt, receipt
    screenshot(browser, "ledger-preset-cz-vat")
    menu = Select(browser.find_element(By.ID, "preset"))
    menu.select_by_value("none")
    wait_for(browser, lambda d: not d.find_element(By.ID, "to").get_attribute("disabled"))
    assert not browser.find_element(By.ID, "preset-summary").is_displayed()


def test_the_blends_details_and_the_sources_pages_are_valid_and_accessible_in_every_language(banks_app, browser, tmp_path):
    """A past day's blend with the Czech and Polish banks beside the ECB (its details list each
    one's rate), one bank's result and its history: the W3C checker and axe-core in every language."""
    day = api(banks_app, "/api/v1/convert?from=USD&to=CZK&amount=100&date=2026-03-04")
    assert sorted(day["source"]["providers"]) == ["cnb", "ecb", "nbp"], day["source"]
    paths = ["/?from=USD&to=CZK&amount=100&date=2026-03-04", "/?from=USD&to=PLN&amount=100&source=nbp",
             "/rates/USD/PLN?range=1m&source=nbp"]
    files = []
    for language in LANGUAGES:
        visitor = Visitor(banks_app.base)
        visitor.get(f"/language/{language}")
        for path in paths:
            files.append(save(visitor.get(path, follow=True).text, language, "out", path, tmp_path))
        browser.get(banks_app.base + f"/language/{language}")
        check_accessibility(browser, banks_app.base, language, paths, "signed out")
    browser.get(banks_app.base + "/language/en")
    browser.get(banks_app.base + paths[0])
    browser.find_element(By.CSS_SELECTOR, "details.source-details summary").click()
    rows = browser.find_elements(By.CSS_SELECTOR, ".source-details-list li")
    assert [row.find_element(By.CSS_SELECTOR, ".source-details-provider").text for row in rows] == [
        "European Central Bank", "Czech National Bank", "National Bank of Poland"]
    screenshot(browser, "converter-blend-details")
    check_valid(files)


def frankfurters_document_with_our_400():
    """Frankfurter's v2 document with the one answer this app adds to every operation: a 400
    for an address holding control characters or bytes that are not UTF-8, refused at the door
    before any of Frankfurter's rules (the app's own document says so)."""
    document = json.loads((ROOT / "Tests" / "e2e" / "frankfurter-v2-openapi-2.1.1.json").read_text())
    refused = {"description": "The address holds control characters or bytes that are not UTF-8.",
               "content": {"application/json": {"schema": {"type": "object", "required": ["message"],
                                                           "properties": {"message": {"type": "string"}}}}}}
    for operations in document["paths"].values():
        for operation in operations.values():
            operation["responses"].setdefault("400", refused)
    path = ROOT / "artifacts" / "frankfurter-v2-openapi-2.1.1-with-400.json"
    path.write_text(json.dumps(document))
    return path


def test_schemathesis_checks_v2_against_frankfurters_own_document(banks_app):
    """Frankfurter's published v2 document (2.1.1), as its clients read it: every answer to a
    request it allows must be one it lists, with its media type and schema, never a 5xx."""
    result = subprocess.run(
        [sys.executable, "-m", "schemathesis.cli", "--no-color", "run", str(frankfurters_document_with_our_400()),
         "--url", banks_app.base + "/v2", "--mode", "positive",
         "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
         "--phases", "examples,coverage,fuzzing", "--max-examples", os.environ.get("SCHEMATHESIS_EXAMPLES", "40"),
         "--seed", "20261125", "--workers", "1", "--request-timeout", "30"],
        capture_output=True, text=True, timeout=900, cwd=ROOT / "artifacts")
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert "5 selected / 5 total" in result.stdout, result.stdout[:2000]


def test_v2_answers_with_the_blend_and_each_bank(banks_app):
    providers = api(banks_app, "/v2/providers")
    assert [p["key"] for p in providers] == [p.upper() for p in OFFICIAL]
    rates = api(banks_app, "/v2/rates?date=2026-03-04&base=USD&quotes=CZK,PLN&providers=nbp")
    assert [(r["quote"], r["date"]) for r in rates] == [("CZK", "2026-03-04"), ("PLN", "2026-03-04")]
    assert rates[1]["rate"] == 3.677


@pytest.fixture(scope="module")
def sides_app(stub):
    """The Central Bank of the Republic of Türkiye beside the bundled ECB days: a publisher of
    buying and selling rates, read from its recorded document; and the Kursliste's three sources,
    which an admin uploads."""
    yield from serving(stub, ["ecb", "tcmb", "ictax", "ictax-monthly", "ictax-mean"], "currency_converter_e2e_sides")


def test_a_visitor_converts_at_a_publishers_buying_rate_from_the_rate_menu(sides_app, browser):
    sign_in(browser, sides_app.base, *ADMIN)
    flash = backfill(browser, sides_app.base, "tcmb", "2026-03-02", "2026-03-06")
    assert flash.startswith("Backfill: stored."), flash
    # A source of mids only: no Rate menu.
    browser.get(sides_app.base + "/?from=USD&to=EUR&amount=100&source=ecb")
    assert not browser.find_elements(By.ID, "side")
    # TCMB writes both sides: the menu, at the mid first; the buying rate converts live, as typed.
    browser.get(sides_app.base + "/?from=USD&to=TRY&amount=100&date=2026-03-03&source=tcmb")
    assert selected(browser, "side") == "mid" and summary(browser) == "100 USD = 4,392.45 TRY"
    choose(browser, "side", "buying")
    wait_for(browser, lambda d: summary(d) == "100 USD = 4,388.50 TRY")
    assert "source=tcmb&side=buying" in browser.current_url
    assert browser.find_element(By.CSS_SELECTOR, '[data-result="receipt"]').text.endswith("· Buying rate")
    type_amount(browser, "2")
    wait_for(browser, lambda d: summary(d) == "2 USD = 87.77 TRY")
    choose(browser, "side", "selling")
    wait_for(browser, lambda d: summary(d) == "2 USD = 87.92 TRY")
    screenshot(browser, "converter-side-selling")
    # Remembered with its side: the converter opens there again.
    browser.get(sides_app.base + "/")
    assert selected(browser, "side") == "selling" and summary(browser) == "2 USD = 87.92 TRY"
    # Another source: its page at the mid, without a menu it has no use for, and no error.
    choose(browser, "source", "blend")
    wait_for(browser, lambda d: "source=tcmb" not in d.current_url)
    assert not browser.find_elements(By.ID, "side") and not browser.find_elements(By.CSS_SELECTOR, ".field-error")


def test_a_ledger_converts_at_the_publishers_selling_rate_and_its_receipt_says_so(sides_app, browser, tmp_path):
    """After the backfill above: the ledger's Rate field, a file converted at TCMB's selling rate."""
    path = tmp_path / "march.csv"
    path.write_text("date,amount,currency\n2026-03-03,100,USD\n2026-03-02,1,USD\n")
    browser.get(sides_app.base + "/ledger")
    Select(browser.find_element(By.ID, "source")).select_by_value("tcmb")
    Select(browser.find_element(By.ID, "to")).select_by_value("TRY")
    Select(browser.find_element(By.ID, "side")).select_by_value("selling")
    browser.find_element(By.ID, "file").send_keys(str(path))
    browser.find_element(By.CSS_SELECTOR, 'button[value="preview"]').click()
    heading = wait_for(browser, lambda d: d.find_element(By.ID, "preview-title")).text
    assert heading == "2 of 2 lines converted", heading
    rows = browser.find_elements(By.CSS_SELECTOR, ".ledger-lines tbody tr")
    assert rows[0].find_elements(By.TAG_NAME, "td")[-1].text == "4,396.40"
    receipt = browser.find_element(By.CSS_SELECTOR, ".receipt").text
    assert "Selling rate (selling)" in receipt, receipt
    used = [row.text for row in browser.find_elements(By.CSS_SELECTOR, ".ledger-rates tbody tr")]
    assert any("43.964" in row and "tcmb · Selling rate" in row for row in used), used
    assert selected(browser, "side") == "selling", "the form keeps the side"


def test_the_side_pages_are_valid_accessible_and_shown_in_every_language_and_scheme(sides_app, browser, tmp_path):
    """After the backfill above: the converter at a side, one refused at its field, and the
    ledger's form, signed out (the W3C checker, axe-core) and signed in (screenshots, light and dark)."""
    paths = ["/?from=USD&to=TRY&amount=100&date=2026-03-03&source=tcmb&side=buying",
             "/?from=USD&to=EUR&amount=100&source=ecb&side=buying", "/ledger"]
    sign_in(browser, sides_app.base, *ADMIN)
    files = []
    for language in LANGUAGES:
        visitor = Visitor(sides_app.base)
        visitor.get(f"/language/{language}")
        for path in paths:
            files.append(save(visitor.get(path, follow=True).text, language, "out", path, tmp_path))
        browser.get(sides_app.base + f"/language/{language}")
        check_accessibility(browser, sides_app.base, language, paths, "signed in")
        for scheme in ["light", "dark"]:
            set_scheme(browser, scheme)
            browser.get(sides_app.base + paths[0])
            assert selected(browser, "side") == "buying"
            screenshot(browser, f"{language}-converter-side" + ("-dark" if scheme == "dark" else ""))
        set_scheme(browser, "light")
    browser.get(sides_app.base + "/language/en")
    check_valid(files)


KURSLISTE = ROOT / "Tests" / "RateSourcesTests" / "Resources" / "providers" / "ictax-kursliste-2024-mini.xml"


def test_an_admin_uploads_the_kursliste_and_the_wealth_tax_preset_converts_at_its_year_end_rate(sides_app, browser):
    sign_in(browser, sides_app.base, *ADMIN)
    browser.get(sides_app.base + "/admin/rates")
    # Sent without a file: the page again, the message at the field.
    # (as a browser that does not check a required field sends it)
    browser.execute_script("document.getElementById('upload-kursliste-file').removeAttribute('required')")
    press(browser, "Upload")
    error = wait_for(browser, lambda d: d.find_element(By.ID, "upload-kursliste-error")).text
    assert error == "Choose the file to upload.", error
    browser.find_element(By.ID, "upload-kursliste-file").send_keys(str(KURSLISTE))
    press(browser, "Upload")
    flash = wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".flash")).text
    assert flash.startswith("Upload: stored.") and "Kursliste, year-end rates" in flash, flash
    screenshot(browser, "admin-rates-kursliste")
    # The ledger's Swiss wealth-tax preset, now that the year-end rates are stored.
    browser.get(sides_app.base + "/ledger")
    Select(browser.find_element(By.ID, "preset")).select_by_value("ch-wealth")
    summary_text = wait_for(browser, lambda d: d.find_element(By.ID, "preset-summary").is_displayed()
                            and d.find_element(By.ID, "preset-summary").text)
    assert "tax value on 31 December" in summary_text, summary_text
    link = browser.find_element(By.ID, "preset-guidance")
    assert link.get_attribute("href") == "https://www.estv.admin.ch/estv/de/home/servicenavigation/fremdwaehrungskurse-estv.html"
    browser.find_element(By.ID, "text").send_keys("date,amount,currency\n2024-12-31,10000,EUR\n2024-06-30,5,USD\n")
    browser.find_element(By.CSS_SELECTOR, "button[value=preview]").click()
    heading = wait_for(browser, lambda d: d.find_element(By.ID, "preview-title")).text
    assert heading == "1 of 2 lines converted", heading
    used = [row.text for row in browser.find_elements(By.CSS_SELECTOR, ".ledger-rates tbody tr")]
    assert any("0.93845" in row and "ictax" in row for row in used), used
    receipt = browser.find_element(By.CSS_SELECTOR, "dl.receipt").text
    assert "Switzerland: wealth tax (ch-wealth)" in receipt and "9,384.50 CHF" in receipt, receipt
    screenshot(browser, "ledger-preset-ch-wealth")


def test_the_upload_form_is_valid_and_accessible_in_every_language(sides_app, browser, tmp_path):
    """The admin page with the Kursliste's form, and the form refused at its field (no file),
    signed in as the admin: the W3C checker and axe-core in every language."""
    files = []
    for language in LANGUAGES:
        visitor = Visitor(sides_app.base)
        visitor.sign_in(*ADMIN)
        visitor.get(f"/language/{language}")
        page = visitor.get("/admin/rates")
        assert 'enctype="multipart/form-data"' in page.text
        files.append(save(page.text, language, "in", "/admin/rates", tmp_path))
        refused = visitor.post("/admin/rates/upload", [("csrf_token", visitor.csrf), ("document", "kursliste")], csrf=False,
                               files=[("file", ("", b"", "application/octet-stream"))])
        assert refused.status_code == 422 and 'aria-invalid="true"' in refused.text, (refused.status_code, refused.text[:300])
        files.append(save(refused.text, language, "in", "/admin/rates/upload", tmp_path))
    sign_in(browser, sides_app.base, *ADMIN)
    for language in LANGUAGES:
        browser.get(sides_app.base + f"/language/{language}")
        check_accessibility(browser, sides_app.base, language, ["/admin/rates"], "signed in")
    browser.get(sides_app.base + "/language/en")
    check_valid(files)
