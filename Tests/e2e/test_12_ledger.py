"""The ledger in Chromium: a German Excel file (semicolons, decimal commas, DD.MM.YYYY, a
byte-order mark, CRLF) uploaded with its progress shown, previewed, downloaded and checked byte
for byte; the same without JavaScript; the preview page valid and accessible in every language."""
import os
import socket
import time
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import ADMIN, ROOT, AppServer, fresh_database, make_browser, screenshot, wait_for_history
from helpers import wait_for
from system import Visitor
from test_10_languages import LANGUAGES, check_this_page, check_valid, save
from test_5_accessibility import set_scheme

RESOURCES = ROOT / "Tests" / "AppTests" / "Resources"
# As German Excel saves "CSV (Trennzeichen-getrennt)": the ECB's February and March 2026 days.
GERMAN = ("\ufeffRechnung;Datum;Betrag;Währung\r\n"
          "R-1;02.03.2026;1.234,56;USD\r\n"
          "R-2;28.02.2026;-100,00;PLN\r\n"
          "R-3;31.02.2026;5;USD\r\n"
          "\"R-4; Rest\";03.03.2026;7;XYZ\r\n")
EXPECTED = ("\ufeffRechnung;Datum;Betrag;Währung;rate;rate_date;source;converted;error\r\n"
            "R-1;02.03.2026;1.234,56;USD;0,8471;27.02.2026;ecb;1045,79;\r\n"
            "R-2;28.02.2026;-100,00;PLN;0,23673;27.02.2026;ecb;-23,67;\r\n"
            "R-3;31.02.2026;5;USD;;;ecb;;row 4: “31.02.2026” is not a date\r\n"
            "\"R-4; Rest\";03.03.2026;7;XYZ;;;ecb;;row 5: the source did not quote XYZ on 2026-03-02\r\n")


@pytest.fixture(scope="module")
def ledger_app(stub):
    """An app with the ECB's days of February and March 2026, fetching nothing."""
    server = AppServer(fresh_database("currency_converter_e2e_ledger"), stub,
                       {"BUNDLED_RATES_FILE": str(RESOURCES / "ecb-hist-2026-02.zip"), "RATES_PROVIDERS": "none",
                        "RATES_PROVIDER": "blend"})
    wait_for_history(server)
    assert b"Feb 2, 2026" in urllib.request.urlopen(server.base + "/rates/USD/EUR?range=all").read()
    yield server
    server.stop()


@pytest.fixture
def german_file(tmp_path):
    path = tmp_path / "rechnungen.csv"
    path.write_bytes(GERMAN.encode("utf-8"))
    return path


def fill(browser, base, path):
    browser.get(base + "/ledger")
    Select(browser.find_element(By.ID, "source")).select_by_value("ecb")
    Select(browser.find_element(By.ID, "to")).select_by_value("EUR")
    browser.find_element(By.ID, "rule-previous-business-day").click()
    browser.find_element(By.ID, "file").send_keys(str(path))


def downloaded(folder, name, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        done = folder / name
        if done.exists() and not any(p.suffix == ".crdownload" for p in folder.iterdir()):
            return done.read_bytes()
        time.sleep(0.2)
    raise AssertionError(f"{name} was not downloaded: {list(folder.iterdir())}")


def test_a_german_excel_file_previews_and_downloads_as_it_came(ledger_app, german_file, tmp_path):
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    browser = make_browser(downloads=downloads)
    try:
        fill(browser, ledger_app.base, german_file)
        browser.find_element(By.CSS_SELECTOR, 'button[value="preview"]').click()
        heading = wait_for(browser, lambda d: d.find_element(By.ID, "preview-title")).text
        assert heading == "2 of 4 lines converted"
        assert browser.current_url.endswith("/ledger"), "previewed in place"
        rows = browser.find_elements(By.CSS_SELECTOR, ".ledger-lines tbody tr")
        assert [r.find_elements(By.TAG_NAME, "td")[-1].text for r in rows[:2]] == ["1,045.79", "-23.67"]
        assert "“31.02.2026” is not a date" in rows[2].text and rows[2].text.startswith("4 ")
        assert browser.find_element(By.ID, "ledger-progress").get_attribute("hidden") is not None
        receipt = browser.find_element(By.CSS_SELECTOR, ".receipt").text
        assert "rechnungen.csv" in receipt and "previous-business-day" in receipt
        screenshot(browser, "ledger-preview")
        # The file stays chosen: the download converts it again, in its own dialect.
        browser.find_element(By.CSS_SELECTOR, 'button[value="csv"]').click()
        assert downloaded(downloads, "rechnungen-converted.csv").decode("utf-8") == EXPECTED
        problems = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
        assert not problems, problems
    finally:
        browser.quit()


def test_without_javascript_the_form_posts_and_the_page_answers(ledger_app, german_file, browser_without_js):
    fill(browser_without_js, ledger_app.base, german_file)
    browser_without_js.find_element(By.CSS_SELECTOR, 'button[value="preview"]').click()
    # The click returns before the posted page has loaded: wait for what it brings.
    assert wait_for(browser_without_js, lambda d: d.find_element(By.ID, "preview-title")).text == "2 of 4 lines converted"
    # A refused file is the form again with the reason at the file field.
    binary = german_file.with_name("photo.csv")
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    browser_without_js.find_element(By.ID, "file").send_keys(str(binary))
    browser_without_js.find_element(By.CSS_SELECTOR, 'button[value="preview"]').click()
    error = wait_for(browser_without_js, lambda d: d.find_element(By.ID, "file-error"))
    assert error.text == "This is not a CSV file: it is not UTF-8 text."


def upload(visitor, name, body, fields=(("to", "EUR"), ("source", "ecb"), ("rule", "previous-business-day"))):
    """The form as a browser posts it: the CSRF token first, the fields, then the file."""
    visitor.get("/ledger")
    return visitor.http.post(visitor.base + "/ledger", data=[("csrf_token", visitor.csrf), *fields, ("action", "preview")],
                             files={"file": (name, body, "text/csv")}, allow_redirects=False, timeout=30)


def test_every_ledger_page_is_valid_html_in_every_language(ledger_app, german_file, tmp_path):
    """The form, a preview and a refused file as the server sends them, to a visitor and to a
    signed-in user (whose kept conversions are listed), through the W3C Nu checker."""
    files = []
    for who in ("out", "in"):
        for language in LANGUAGES:
            visitor = Visitor(ledger_app.base)
            visitor.get(f"/language/{language}")
            if who == "in":
                visitor.sign_in(*ADMIN)
            files.append(save(visitor.get("/ledger").text, language, who, "/ledger", tmp_path))
            preview = upload(visitor, "rechnungen.csv", german_file.read_bytes())
            assert preview.status_code == 200, preview.text[:500]
            files.append(save(preview.text, language, who, "/ledger-preview", tmp_path))
            refused = upload(visitor, "photo.csv", b"\x89PNG\r\n\x1a\n\x00\x00")
            assert refused.status_code == 415, refused.text[:500]
            files.append(save(refused.text, language, who, "/ledger-refused", tmp_path))
            if who == "in":
                files.append(save(visitor.get("/ledger").text, language, who, "/ledger-kept", tmp_path))
    check_valid(files)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_preview_is_accessible_in_every_language(ledger_app, german_file, browser, language):
    """axe-core, contrast and labels on the preview JavaScript put in place, in both schemes (the
    form itself is among test_10's pages)."""
    browser.get(ledger_app.base + f"/language/{language}")
    fill(browser, ledger_app.base, german_file)
    browser.find_element(By.CSS_SELECTOR, 'button[value="preview"]').click()
    wait_for(browser, lambda d: d.find_element(By.ID, "preview-title"))
    for scheme in ("light", "dark"):
        set_scheme(browser, scheme)
        check_this_page(browser, language, f"{language} /ledger preview ({scheme})", axe=scheme == "light")
    set_scheme(browser, "light")
    if language in ("ar", "ja"):
        screenshot(browser, f"{language}-ledger-preview")
    browser.get(ledger_app.base + "/language/en")


def test_a_body_declared_larger_than_the_limit_is_refused_before_it_is_read(ledger_app):
    """2 GB declared and its first kilobyte sent (Vapor hands a request on with its first bytes):
    the 413 comes at once, the rest never asked for. (The in-memory tester cannot lie about a length.)"""
    url = urllib.parse.urlsplit(ledger_app.base)
    with socket.create_connection((url.hostname, url.port), timeout=10) as connection:
        connection.sendall(b"POST /api/v1/ledger?to=EUR HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/csv\r\n"
                           b"Content-Length: 2147483648\r\n\r\ndate,amount,currency\n" + b"2026-03-02,1,USD\n" * 60)
        answer = connection.recv(65536)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b"larger than 50 MB" in answer
