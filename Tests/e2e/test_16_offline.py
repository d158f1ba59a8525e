"""Offline in headless Chromium: the page loads online and its service worker keeps the converter
and the rates; the network is cut (the app stopped, and DevTools' offline emulation); a reload
shows the converter, which converts a hundred random amounts and pairs in the browser exactly as
the server's pages write them; the notice names the day; another page says it needs the server;
back online, results come from the server again without a reload; a new build's worker replaces
what the old one kept."""
import datetime
import html
import json
import random
import re
import shutil
import urllib.request
from urllib.parse import urlencode

from selenium.webdriver.common.by import By

from conftest import ROOT, screenshot
from helpers import wait_for

RESULT_TEXTS = """
    const text = (name) => document.querySelector('[data-result="' + name + '"]').textContent;
    return {
      summary: text("summary"), names: text("names"), rate: text("rate"), inverse: text("inverse-rate"),
      alternatives: Array.from(document.querySelectorAll('[data-result="alternatives"] li')).map(
        (item) => [item.querySelector("bdi").textContent, item.querySelector(".also-in-name").textContent]),
      title: document.title, hidden: document.getElementById("result").hidden,
      errors: Array.from(document.querySelectorAll(".field-error")).map((note) => note.textContent),
    };
"""

CONVERT = """
    const [amount, from, to] = arguments;
    const form = document.getElementById("converter-form");
    form.elements.amount.value = amount;
    form.elements.from.value = from;
    form.elements.to.value = to;
    form.elements.to.dispatchEvent(new Event("change"));
""" + RESULT_TEXTS


def get(url, language="en"):
    request = urllib.request.Request(url, headers={"Accept-Language": language})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read().decode()


def server_texts(app, amount, source, target, language="en"):
    """What the server's result page writes for the conversion, read from its markup."""
    page = get(app.base + "/?" + urlencode({"from": source, "to": target, "amount": amount}), language)

    def text(name):
        return html.unescape(re.search(r'data-result="' + name + r'">([^<]*)<', page).group(1))

    items = re.search(r'data-result="alternatives">(.*?)</ul>', page, re.S).group(1)
    alternatives = [[html.unescape(figure), html.unescape(name)] for figure, name in
                    re.findall(r'<bdi dir="ltr">([^<]*)</bdi></a> <span class="also-in-name">([^<]*)</span>', items)]
    return {"summary": text("summary"), "names": text("names"), "rate": text("rate"), "inverse": text("inverse-rate"),
            "alternatives": alternatives, "title": html.unescape(re.search(r"<title>([^<]*)</title>", page).group(1)),
            "hidden": False, "errors": []}


def random_amount(rng):
    whole = str(rng.randint(1, 9)) + "".join(rng.choice("0123456789") for _ in range(rng.choice([0, 0, 1, 2, 3, 5, 8, 14])))
    if rng.random() < 0.1:
        whole = "0"
    places = rng.choice([0, 0, 1, 2, 2, 3, 5, 8])
    return whole + ("." + "".join(rng.choice("0123456789") for _ in range(places)) if places else "")


def set_offline(browser, offline):
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions",
                            {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def test_converts_offline_as_the_server_does(app, browser):
    browser.get(app.base + "/")
    wait_for(browser, lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("data-offline-ready") == "true", timeout=30)
    assert browser.execute_script("return !!navigator.serviceWorker.controller")
    assert browser.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"] == []
    rates = json.loads(get(app.base + "/offline/rates.json?lang=en"))
    codes = sorted(rates["rates"])
    rng = random.Random(61)
    cases = [(random_amount(rng), rng.choice(codes), rng.choice(codes)) for _ in range(100)]
    # Units without minor units, three decimals, none, and the largest amount the form takes.
    cases += [("123456789012345.12345678", "USD", "JPY"), ("1", "JPY", "KWD"), ("0.5", "EUR", "XAU")]
    cases = [case for case in cases if case[1] in rates["rates"] and case[2] in rates["rates"]]
    want = [server_texts(app, *case) for case in cases]

    app.stop()
    try:
        set_offline(browser, True)
        browser.get(app.base + "/?from=GBP&to=JPY&amount=12.5")
        notice = browser.find_element(By.ID, "offline-notice")
        wait_for(browser, lambda d: notice.is_displayed())
        day = datetime.date.fromisoformat(rates["day"])
        assert notice.text == rates["texts"]["notice"] and f"{day:%b} {day.day}, {day.year}" in notice.text
        assert browser.find_element(By.TAG_NAME, "html").get_attribute("data-offline-copy") is not None
        # The address's conversion, made in the browser.
        shown = browser.execute_script(RESULT_TEXTS)
        assert shown["summary"].startswith("12.5 GBP = ") and shown["summary"].endswith(" JPY")
        assert browser.current_url.endswith("/?from=GBP&to=JPY&amount=12.5")
        screenshot(browser, "converter-offline")

        mismatches = []
        for case, expected in zip(cases, want):
            got = browser.execute_script(CONVERT, *case)
            if got != expected:
                mismatches.append((case, got, expected))
        assert not mismatches, mismatches[:3]
        assert len(cases) >= 100

        # A past day, or another side, needs the server: its field says so.
        got = browser.execute_script("""
            const date = document.getElementById("date");
            date.value = "2026-10-01";
            date.dispatchEvent(new Event("change"));
        """ + RESULT_TEXTS)
        assert got["hidden"] and got["errors"] == [rates["texts"]["pastDayNeedsServer"]]
        browser.execute_script("""
            const date = document.getElementById("date");
            date.value = "";
            date.dispatchEvent(new Event("change"));
        """)

        # Any other page says it needs the server, in place of the browser's error page.
        browser.get(app.base + "/about")
        assert "This page needs the server" in browser.find_element(By.TAG_NAME, "h1").text
        screenshot(browser, "needs-the-server")
        browser.get(app.base + "/")
        wait_for(browser, lambda d: d.find_element(By.ID, "offline-notice").is_displayed())
    finally:
        app.start()
    set_offline(browser, False)
    # Back online, without a reload: the next result is the server's (it links to the history,
    # which only the server shows), and the notice is gone.
    wait_for(browser, lambda d: not d.find_element(By.ID, "offline-notice").is_displayed())
    expected = server_texts(app, "77", "USD", "CHF")
    wait_for(browser, lambda d: d.execute_script(CONVERT, "77", "USD", "CHF") and
             d.find_elements(By.CSS_SELECTOR, "#result .history-link"))
    assert browser.execute_script(RESULT_TEXTS) == expected


def test_offline_in_german_and_arabic(app, browser):
    """The kept page and rates follow the visitor's language: German separators, Arabic
    isolation and names, each figure as the server's page in that language writes it."""
    rng = random.Random(1999)
    for language in ["de", "ar"]:
        browser.get(f"{app.base}/language/{language}")
        browser.get(app.base + "/")
        wait_for(browser, lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("data-offline-ready") == "true", timeout=30)
        rates = json.loads(get(app.base + f"/offline/rates.json?lang={language}", language))
        assert rates["language"] == language
        codes = sorted(rates["rates"])
        cases = [(random_amount(rng), rng.choice(codes), rng.choice(codes)) for _ in range(10)] + [("1234567.5", "USD", "EUR")]
        want = [server_texts(app, *case, language=language) for case in cases]
        app.stop()
        try:
            set_offline(browser, True)
            browser.get(app.base + "/")
            notice = browser.find_element(By.ID, "offline-notice")
            wait_for(browser, lambda d: notice.is_displayed())
            assert notice.text == rates["texts"]["notice"]
            assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == language
            got = [browser.execute_script(CONVERT, *case) for case in cases]
            assert got == want
            screenshot(browser, f"{language}-converter-offline")
        finally:
            app.start()
            set_offline(browser, False)
    browser.get(f"{app.base}/language/en")


def test_the_browsers_arithmetic_on_rates_written_either_way(app, browser):
    """A publisher that writes some rates as units of its currency per unit (the South African
    Reserve Bank's way) and some the other way: crossed as the server crosses them."""
    browser.get(app.base + "/")
    wait_for(browser, lambda d: d.execute_script("return !!window.OfflineConverter"))
    document = {
        "rates": {"ZAR": "1", "USD": "18.5", "GBP": "23.4", "EUR": "0.05", "XAU": "0.0000183"},
        "basePerUnit": ["USD", "GBP"], "base": "ZAR",
        "currencies": {"ZAR": {"minorUnits": 2, "name": "Rand"}, "USD": {"minorUnits": 2, "name": "Dollar"},
                       "GBP": {"minorUnits": 2, "name": "Pound"}, "EUR": {"minorUnits": 2, "name": "Euro"},
                       "XAU": {"minorUnits": None, "name": "Gold"}},
        "alternatives": ["USD", "EUR", "GBP"], "rightToLeft": False, "decimalSeparator": ",", "groupingSeparator": ".",
        "texts": {"appName": "App", "names": "{from} → {to}", "noRate": "No {code}"},
    }

    def convert(amount, source, target):
        return browser.execute_script("return window.OfflineConverter.convert(arguments[0], arguments[1], arguments[2], arguments[3])",
                                      document, amount, source, target)

    # 1 USD = 18.5 × 0.05 = 0.925 EUR; 1 EUR = 1 ÷ 0.925 = 1.081081… USD, truncated to the cent.
    assert convert("100", "EUR", "USD")["summary"] == "100 EUR = 108,10 USD"
    assert convert("100", "USD", "EUR")["rate"] == "1 USD = 0,925 EUR"
    assert convert("1", "EUR", "USD")["rate"] == "1 EUR = 1,0811 USD"
    # Two rates written alike: their quotient (23.4 ÷ 18.5).
    assert convert("1000", "GBP", "USD")["summary"] == "1.000 GBP = 1.264,86 USD"
    # Gold keeps eight digits, without trailing zeros; a rate below 0.001 four significant digits.
    assert convert("1", "ZAR", "XAU")["summary"] == "1 ZAR = 0,0000183 XAU"
    assert convert("1", "ZAR", "XAU")["rate"] == "1 ZAR = 0,0000183 XAU"
    assert convert("1", "USD", "XAU")["rate"] == "1 USD = 0,0003386 XAU"
    assert convert("1", "ZAR", "NOK") == {"field": "to", "message": "No NOK"}
    assert convert("1.2.3", "ZAR", "USD") is None


KEPT = """
    // The callback is the last argument: with no cache named, it is the only one.
    const given = Array.from(arguments), done = given.pop(), [name, path] = given;
    (name ? caches.open(name).then((cache) => cache.match(path, { ignoreVary: true }))
          .then((kept) => kept ? kept.text() : null) : caches.keys()).then(done, (error) => done(String(error)));
"""


def build_of(app):
    return re.search(r'var BUILD = "([0-9a-f]+)";', get(app.base + "/service-worker.js")).group(1)


def test_a_new_build_replaces_what_the_old_one_kept(app, browser, tmp_path):
    """Updating the app: the next visit online installs the new build's worker, which takes over
    at once, drops the old build's shell and keeps the new build's page and files; offline, the
    new converter answers, not the old one."""
    browser.get(app.base + "/")
    wait_for(browser, lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("data-offline-ready") == "true", timeout=30)
    old = build_of(app)
    assert sorted(browser.execute_async_script(KEPT)) == ["offline-rates", "shell-" + old]

    # The next build: the same binary over templates and public files that differ, as a release's do.
    following = tmp_path / "next"
    shutil.copytree(ROOT / "Templates", following / "Templates")
    shutil.copytree(ROOT / "Public", following / "Public")
    layout = following / "Templates" / "layout.leaf"
    layout.write_text(layout.read_text().replace("</head>", '<meta name="release" content="next">\n</head>', 1))
    style = following / "Public" / "css" / "app.css"
    style.write_text(style.read_text() + "\n:root { --release: next; }\n")
    app.cwd = following
    app.restart()
    try:
        new = build_of(app)
        assert new != old
        browser.get(app.base + "/")
        # Shown while the old build's worker still answers, the page has the new build's style.
        assert browser.execute_script("return getComputedStyle(document.documentElement).getPropertyValue('--release')").strip() == "next"
        wait_for(browser, lambda d: sorted(d.execute_async_script(KEPT)) == ["offline-rates", "shell-" + new], timeout=30)
        wait_for(browser, lambda d: 'name="release"' in (d.execute_async_script(KEPT, "shell-" + new, "/") or ""), timeout=30)
        assert "--release: next" in browser.execute_async_script(KEPT, "shell-" + new, "/css/app.css")
        app.stop()
        set_offline(browser, True)
        browser.get(app.base + "/?from=USD&to=EUR&amount=3")
        wait_for(browser, lambda d: d.find_element(By.ID, "offline-notice").is_displayed())
        assert browser.find_element(By.CSS_SELECTOR, 'meta[name="release"]').get_attribute("content") == "next"
        assert browser.execute_script("return getComputedStyle(document.documentElement).getPropertyValue('--release')").strip() == "next"
        assert browser.execute_script(RESULT_TEXTS)["summary"].startswith("3 USD = ")
    finally:
        set_offline(browser, False)
        app.cwd = ROOT
        app.stop()
        app.start()
    assert build_of(app) == old
