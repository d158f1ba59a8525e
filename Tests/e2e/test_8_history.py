"""27 years of ECB history in a real browser: the app started on an empty database with the
bundled archive (as `swift run App` is), a conversion on a past day picked in the date field,
the receipt, the chart around that day, its ranges and gaps, and the range's CSV."""
import datetime
import urllib.error
import urllib.request

from selenium.webdriver.common.by import By

from conftest import api, screenshot
from helpers import grouped, summary, type_amount, wait_for


def status(server, path):
    try:
        with urllib.request.urlopen(server.base + path, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_conversion_on_a_picked_day(history_app, browser):
    browser.get(history_app.base + "/?from=USD&to=JPY&amount=1000")
    wait_for(browser, lambda d: d.find_element(By.ID, "converter-form").get_attribute("data-live") == "true")
    date = browser.find_element(By.ID, "date")
    assert date.get_attribute("min") == "1999-01-04" and date.get_attribute("type") == "date"
    date.send_keys("03152020")  # Chrome's en-US date field: month, day, year
    wait_for(browser, lambda d: d.find_element(By.ID, "date").get_attribute("value") == "2020-03-15")
    # 1000 × 119.11 ÷ 1.1104 = 107267.6… JPY, on Friday 2020-03-13's rates.
    wait_for(browser, lambda d: summary(d) == "1,000 USD = 107,267 JPY")
    assert browser.current_url.endswith("/?from=USD&to=JPY&amount=1000&date=2020-03-15")
    receipt = browser.find_element(By.CSS_SELECTOR, '[data-result="receipt"]').text
    assert receipt == "Rates of Friday, March 13, 2020, the last ECB business day on or before Sunday, March 15, 2020"
    cookie = browser.get_cookie("last_conversion")
    assert cookie and cookie["value"] == "USD-JPY-1000-2020-03-15"
    type_amount(browser, "250")
    wait_for(browser, lambda d: summary(d) == "250 USD = 26,816 JPY")
    screenshot(browser, "converter-past-day")

    # The remembered conversion reopens on its day; the history link opens the chart around it.
    browser.get(history_app.base + "/")
    assert browser.find_element(By.ID, "date").get_attribute("value") == "2020-03-15"
    link = browser.find_element(By.CSS_SELECTOR, '[data-result="history"]')
    assert link.text == "See this pair over time around Mar 15, 2020"
    link.click()
    wait_for(browser, lambda d: "/rates/USD/JPY?date=2020-03-15" in d.current_url)
    assert browser.find_element(By.CSS_SELECTOR, ".chart-day-label").text == "Mar 15, 2020"
    # A year centred on the day: 2019-09-15 .. 2020-09-13, business days 2019-09-16 .. 2020-09-11.
    assert browser.find_element(By.CSS_SELECTOR, ".subtitle").text.endswith("Sep 16, 2019 to Sep 11, 2020")
    screenshot(browser, "history-around-a-day")


def test_clearing_the_day_goes_back_to_the_latest_rates(history_app, browser):
    browser.get(history_app.base + "/?from=EUR&to=USD&amount=100&date=2008-09-15")
    wait_for(browser, lambda d: d.find_element(By.ID, "converter-form").get_attribute("data-live") == "true")
    assert summary(browser) == "100 EUR = 141.51 USD"
    browser.execute_script("var d = document.getElementById('date'); d.value = ''; d.dispatchEvent(new Event('change'));")
    latest = api(history_app, "/api/v1/convert?from=EUR&to=USD&amount=100")
    wait_for(browser, lambda d: summary(d) == grouped(latest["summary"]))
    assert browser.current_url.endswith("/?from=EUR&to=USD&amount=100")
    # The API says it canonically ("Rates of 2026-10-30 (…)"), the page in the page's style.
    day = datetime.date.fromisoformat(latest["ratesDate"])
    age = latest["receipt"].split(" (", 1)[1]
    assert browser.find_element(By.CSS_SELECTOR, '[data-result="receipt"]').text == f"Rates of {day:%b} {day.day}, {day.year} ({age}"


def test_invalid_days_are_refused_at_the_field(history_app, browser):
    browser.get(history_app.base + "/?from=EUR&to=HRK&amount=100&date=2024-03-15")
    error = browser.find_element(By.ID, "to-error").text
    assert "There is no rate for HRK on Mar 15, 2024: it has rates from" in error and "to Dec 30, 2022" in error
    screenshot(browser, "converter-currency-not-quoted")
    code, body = status(history_app, "/?from=USD&to=EUR&amount=100&date=2020-02-30")
    assert code == 422 and "“2020-02-30” is not a date" in body
    code, body = status(history_app, "/?from=USD&to=EUR&amount=100&date=1998-12-31")
    assert code == 422 and "Rates start on Monday, January 4, 1999" in body


def test_chart_ranges_gaps_and_csv(history_app, browser):
    browser.get(history_app.base + "/rates/USD/ISK")
    assert browser.find_element(By.CSS_SELECTOR, '.range-links [aria-current="page"]').text == "1 year"
    browser.find_element(By.LINK_TEXT, "All").click()
    wait_for(browser, lambda d: d.current_url.endswith("/rates/USD/ISK?range=all"))
    # The ECB did not quote ISK from December 2008 to 2018: two stretches, no line across.
    lines = browser.find_elements(By.CSS_SELECTOR, "polyline.chart-line")
    assert len(lines) >= 2
    assert all(len(line.get_attribute("points").split()) <= 502 for line in lines)
    ticks = [t.text for t in browser.find_elements(By.CSS_SELECTOR, "text.chart-label") if t.text.isdigit()]
    assert "2000" in ticks and "2025" in ticks
    assert browser.find_element(By.ID, "history-table-title").text == "Monthly rates"
    screenshot(browser, "history-all-with-a-gap")

    browser.get(history_app.base + "/rates/USD/EUR?range=3m")
    rows = browser.find_elements(By.CSS_SELECTOR, ".history-table tbody tr")
    assert len(rows) == 30
    browser.find_element(By.LINK_TEXT, "Older →").click()
    wait_for(browser, lambda d: d.current_url.endswith("/rates/USD/EUR?range=3m&page=2"))
    first_row_link = browser.find_element(By.CSS_SELECTOR, ".history-table tbody tr a")
    day = first_row_link.find_element(By.TAG_NAME, "time").get_attribute("datetime")
    first_row_link.click()
    wait_for(browser, lambda d: f"date={day}" in d.current_url)
    assert browser.find_element(By.ID, "date").get_attribute("value") == day

    code, csv = status(history_app, "/rates/USD/EUR/daily.csv?range=all")
    lines = csv.strip().split("\r\n")
    assert code == 200 and lines[0] == "\"Date\",\"EUR per USD\"" and len(lines) == 7126 + 1
    assert "2020-03-13,0.9005763689" in lines  # 1 ÷ 1.1104
    code, _ = status(history_app, "/rates/USD/EUR?range=2w")
    assert code == 400


def test_the_pairs_feed_in_a_feed_reader(history_app, browser):
    """The pair's Atom feed, as a feed reader (feedparser) reads it: the page links to it, each of
    the newest 30 days an entry, newest first, the rate exact, linked to the converter that day."""
    import feedparser

    browser.get(history_app.base + "/rates/USD/EUR")
    link = browser.find_element(By.CSS_SELECTOR, 'a[type="application/atom+xml"]')
    assert link.get_attribute("href") == history_app.base + "/rates/USD/EUR.atom"
    code, csv = status(history_app, "/rates/USD/EUR/daily.csv")
    days = [line.split(",") for line in csv.strip().split("\r\n")[1:]]
    feed = feedparser.parse(history_app.base + "/rates/USD/EUR.atom")  # fetched as a reader does
    assert feed.status == 200 and feed.headers["content-type"] == "application/atom+xml; charset=utf-8"
    assert not feed.bozo, feed.bozo_exception
    assert feed.version == "atom10" and feed.feed.title == "USD → EUR · All official sources"
    assert feed.feed.link == history_app.base + "/rates/USD/EUR"
    assert len(feed.entries) == 30
    newest = list(reversed(days))[:30]
    for entry, (day, rate) in zip(feed.entries, newest):
        assert entry.id.endswith(":" + day) and entry.updated.startswith(day)
        assert entry.summary == "EUR per USD: " + rate, entry.summary
        assert entry.link == f"{history_app.base}/?from=USD&to=EUR&amount=1&date={day}"
    # Lower-case codes are sent on to the canonical feed; a pair no source quotes is a 404.
    code, _ = status(history_app, "/rates/usd/eur.atom")
    assert code == 200  # followed to /rates/USD/EUR.atom
    code, _ = status(history_app, "/rates/USD/XYZ.atom")
    assert code == 404


# Each shown label's box as Chromium lays it out, and each marker's, in the chart's own units.
LABEL_BOXES = """
const svg = document.querySelector('svg.rate-chart');
const shown = [...svg.querySelectorAll('.chart-marker-label')].filter(t => getComputedStyle(t).display !== 'none');
const box = e => { const b = e.getBBox(); return {text: e.textContent, left: b.x, top: b.y, right: b.x + b.width, bottom: b.y + b.height}; };
return {labels: shown.map(box), markers: [...svg.querySelectorAll('.chart-marker')].map(box),
        ticks: [...svg.querySelectorAll('text.chart-label[text-anchor="end"]')].map(t => t.textContent)};
"""


def overlap(a, b):
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def test_chart_labels_never_collide(history_app, browser):
    """USD/JPY over five years: the highest day (2026-07-28) sits just before the last, both at the
    right edge; their labels overprinted each other in Japanese. In every language, at a desktop's
    and a phone's width, each label is inside the plot and clear of the others and of every marker."""
    for language in ["en", "ja", "ar", "ru", "de"]:
        browser.get(history_app.base + f"/language/{language}")
        for width in (1280, 390):
            browser.set_window_size(width, 900)
            browser.get(history_app.base + "/rates/USD/JPY?range=5y")
            layout = browser.execute_script(LABEL_BOXES)
            labels, markers = layout["labels"], layout["markers"]
            where = f"{language} at {width} px"
            assert len(labels) == 3, where
            for index, label in enumerate(labels):
                assert 72 - 0.5 <= label["left"] and label["right"] <= 696 + 0.5, f"{where}: {label}"
                assert 28 - 0.5 <= label["top"] and label["bottom"] <= 268 + 0.5, f"{where}: {label}"
                for other in labels[index + 1:]:
                    assert not overlap(label, other), f"{where}: {label['text']} overlaps {other['text']}"
                for marker in markers:
                    assert not overlap(label, marker), f"{where}: {label['text']} covers a marker"
            # The value axis at round values.
            assert [tick.replace(",", "").replace(".", "").replace("\u00a0", "") for tick in layout["ticks"]] \
                == ["110", "120", "130", "140", "150", "160"], where
        screenshot(browser, f"{language}-history-usd-jpy-5y")
    browser.set_window_size(1280, 900)
    browser.get(history_app.base + "/language/en")
