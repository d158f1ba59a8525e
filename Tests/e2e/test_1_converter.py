"""The converter in a real browser: typing with JavaScript, submitting without, swap, errors,
About and back, and the last conversion surviving a server restart."""
from urllib.parse import urlencode

from selenium.webdriver.common.by import By

from conftest import api, screenshot
from helpers import choose, grouped, result_visible, selected, summary, type_amount, wait_for


def expected(app, source, target, amount):
    """The API's answer, its texts with numbers grouped as the English page writes them."""
    answer = api(app, "/api/v1/convert?" + urlencode({"from": source, "to": target, "amount": amount}))
    for key in ["summary", "rateText", "inverseRateText"]:
        answer[key] = grouped(answer[key])
    for other in answer["alternatives"]:
        other["result"] = grouped(other["result"])
    return answer


def test_first_visit_and_screenshots(app, browser):
    browser.get(app.base + "/")
    assert browser.title.endswith("Currency Converter")
    assert selected(browser, "from") == "USD" and selected(browser, "to") == "EUR"
    assert summary(browser) == expected(app, "USD", "EUR", "100")["summary"]
    screenshot(browser, "converter")


def test_convert_by_typing(app, browser):
    browser.get(app.base + "/")
    wait_for(browser, lambda d: d.find_element(By.ID, "converter-form").get_attribute("data-live") == "true")
    type_amount(browser, "250")
    want = expected(app, "USD", "EUR", "250")
    wait_for(browser, lambda d: summary(d) == want["summary"])
    assert browser.current_url.endswith("/?from=USD&to=EUR&amount=250")
    assert browser.title == want["summary"] + " · Currency Converter"
    assert browser.find_element(By.CSS_SELECTOR, '[data-result="rate"]').text == want["rateText"]
    alternatives = [e.text for e in browser.find_elements(By.CSS_SELECTOR, '[data-result="alternatives"] li a')]
    assert alternatives == [f'{a["result"]} {a["currency"]}' for a in want["alternatives"]]

    choose(browser, "to", "JPY")
    want = expected(app, "USD", "JPY", "250")
    wait_for(browser, lambda d: summary(d) == want["summary"])
    assert browser.current_url.endswith("/?from=USD&to=JPY&amount=250")
    screenshot(browser, "converter-result")


def test_keystroke_rules(app, browser):
    browser.get(app.base + "/")
    field = type_amount(browser, "0012,5,7")
    assert field.get_attribute("value") == "12.57"
    wait_for(browser, lambda d: d.current_url.endswith("amount=12.57"))
    field = type_amount(browser, "00")
    assert field.get_attribute("value") == "0"


def test_convert_by_submitting_without_javascript(app, browser_without_js):
    browser = browser_without_js
    browser.get(app.base + "/")
    choose(browser, "from", "GBP")
    choose(browser, "to", "CHF")
    type_amount(browser, "12,5")
    browser.find_element(By.CSS_SELECTOR, "button.button-primary[type=submit]").click()
    wait_for(browser, lambda d: "amount=12.5" in d.current_url)
    assert browser.current_url.endswith("/?from=GBP&to=CHF&amount=12.5")
    assert summary(browser) == expected(app, "GBP", "CHF", "12.5")["summary"]
    # Swap without JavaScript posts and comes back swapped.
    browser.find_element(By.CSS_SELECTOR, "button[formaction='/swap']").click()
    wait_for(browser, lambda d: "from=CHF" in d.current_url)
    assert summary(browser) == expected(app, "CHF", "GBP", "12.5")["summary"]


def test_swap_in_place(app, browser):
    browser.get(app.base + "/?from=USD&to=EUR&amount=40")
    wait_for(browser, lambda d: d.find_element(By.ID, "converter-form").get_attribute("data-live") == "true")
    browser.find_element(By.CSS_SELECTOR, "button[formaction='/swap']").click()
    wait_for(browser, lambda d: selected(d, "from") == "EUR" and summary(d).startswith("40 EUR"))
    assert selected(browser, "to") == "USD"
    assert browser.current_url.endswith("/?from=EUR&to=USD&amount=40")


def test_invalid_amount_message(app, browser, browser_without_js):
    # With JavaScript, what the rules cannot fix is reported at the field as it is typed.
    browser.get(app.base + "/")
    type_amount(browser, ".")
    wait_for(browser, lambda d: d.find_elements(By.ID, "amount-error"))
    assert "digits" in browser.find_element(By.ID, "amount-error").text
    assert browser.find_element(By.ID, "amount").get_attribute("aria-invalid") == "true"
    assert not result_visible(browser)
    # Without it, the server answers 422 with the message and the input kept.
    browser_without_js.get(app.base + "/?from=USD&to=EUR&amount=01")
    assert browser_without_js.find_element(By.ID, "amount-error").text.endswith("Remove the leading zeros.")
    assert browser_without_js.find_element(By.ID, "amount").get_attribute("value") == "01"
    screenshot(browser_without_js, "converter-invalid")


def test_about_and_close_keep_the_conversion(app, browser):
    browser.get(app.base + "/?from=EUR&to=GBP&amount=64")
    before = summary(browser)
    browser.find_element(By.LINK_TEXT, "About").click()
    wait_for(browser, lambda d: d.current_url.endswith("/about"))
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith("Currency Converter")
    screenshot(browser, "about")
    browser.find_element(By.LINK_TEXT, "Close").click()
    wait_for(browser, lambda d: "from=EUR" in d.current_url)
    assert browser.current_url.endswith("/?from=EUR&to=GBP&amount=64")
    assert summary(browser) == before


def test_last_conversion_survives_a_restart(app, browser):
    browser.get(app.base + "/")
    wait_for(browser, lambda d: d.find_element(By.ID, "converter-form").get_attribute("data-live") == "true")
    choose(browser, "from", "CHF")
    type_amount(browser, "77")
    want = expected(app, "CHF", "EUR", "77")
    wait_for(browser, lambda d: summary(d) == want["summary"])
    app.restart()
    browser.get(app.base + "/")
    assert summary(browser) == want["summary"]
    assert browser.find_element(By.ID, "amount").get_attribute("value") == "77"
