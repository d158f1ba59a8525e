"""An admin refreshes rates from the loopback provider and imports the ECB history; the
converter and the chart follow at once."""
import urllib.request

from selenium.webdriver.common.by import By

from conftest import ADMIN, screenshot
from helpers import press, sign_in, summary, wait_for


def test_admin_refreshes_rates(app, stub, browser):
    browser.get(app.base + "/admin/rates")
    wait_for(browser, lambda d: "/login" in d.current_url)
    assert browser.current_url.endswith("/login?next=/admin/rates")
    screenshot(browser, "login")
    sign_in(browser, app.base, *ADMIN, next_path="/admin/rates")
    assert browser.current_url.endswith("/admin/rates")

    press(browser, "Refresh now")
    flash = wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".flash")).text
    assert flash == f"Refresh: stored. Stored 162 rates from ExchangeRate-API, effective {stub.effective_date}."
    screenshot(browser, "admin-rates")

    browser.get(app.base + "/?from=USD&to=EUR&amount=100")
    assert summary(browser) == "100 USD = 91.90 EUR"
    source = browser.find_element(By.CSS_SELECTOR, ".rates-source").text
    assert "Source: ExchangeRate-API" in source and "bundled" not in source


def test_history_import_and_chart(app, browser):
    sign_in(browser, app.base, *ADMIN, next_path="/admin/rates")
    press(browser, "Import ECB 90-day history")
    flash = wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".flash")).text
    assert flash.startswith("History import: stored. Imported 5 days of European Central Bank history")

    browser.get(app.base + "/?from=USD&to=EUR&amount=100")
    browser.find_element(By.LINK_TEXT, "Rate history of this pair").click()
    # The converter shows ExchangeRate-API's rates (the app's default source): its history is
    # the one day just refreshed.
    wait_for(browser, lambda d: d.current_url.endswith("/rates/USD/EUR?source=exchangerate-api"))
    notice = browser.find_element(By.CSS_SELECTOR, ".notice-text").text
    assert notice.startswith("Only one day of rates is stored for this pair (")
    # The official sources' history: the ECB's 5 imported days (February 2025) and the bundled one (May 2025).
    browser.get(app.base + "/rates/USD/EUR")
    browser.find_element(By.LINK_TEXT, "All").click()
    wait_for(browser, lambda d: d.current_url.endswith("/rates/USD/EUR?range=all"))
    svg = browser.find_element(By.CSS_SELECTOR, "svg.rate-chart")
    months = browser.find_elements(By.CSS_SELECTOR, ".history-table tbody tr")
    assert len(months) == 2
    assert svg.get_attribute("data-points") == "6"
    assert len(svg.find_elements(By.CSS_SELECTOR, "circle.chart-point")) == 6
    assert svg.find_element(By.TAG_NAME, "title").get_attribute("textContent").startswith("USD to EUR exchange rate")
    assert "1 USD was worth between" in svg.find_element(By.TAG_NAME, "desc").get_attribute("textContent")
    csv_link = browser.find_element(By.LINK_TEXT, "Every day’s rate of this range as CSV (6 days)")
    assert csv_link.get_attribute("href") == app.base + "/rates/USD/EUR/daily.csv?range=all"
    with urllib.request.urlopen(csv_link.get_attribute("href")) as response:
        assert response.headers["Content-Type"] == "text/csv; charset=utf-8; header=present"
        lines = response.read().decode().splitlines()
    assert lines[0] == "\"Date\",\"EUR per USD\"" and len(lines) == 7
    screenshot(browser, "rate-history")
