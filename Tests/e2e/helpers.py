"""Small browser helpers shared by the end-to-end tests."""
import re
from urllib.parse import urlparse

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait


def wait_for(driver, condition, timeout=10):
    """`condition` once it holds; an element replaced while it was read (the live converter swaps
    its result area) is read again."""
    return WebDriverWait(driver, timeout, ignored_exceptions=[StaleElementReferenceException]).until(lambda d: condition(d))


def summary(driver):
    return driver.find_element(By.CSS_SELECTOR, '[data-result="summary"]').text


def result_visible(driver):
    return driver.find_element(By.ID, "result").is_displayed()


def choose(driver, select_id, code):
    Select(driver.find_element(By.ID, select_id)).select_by_value(code)


def selected(driver, select_id):
    return Select(driver.find_element(By.ID, select_id)).first_selected_option.get_attribute("value")


def type_amount(driver, text):
    field = driver.find_element(By.ID, "amount")
    field.clear()
    field.send_keys(text)
    return field


def sign_in(driver, base, email, password, next_path=None):
    driver.get(base + "/login" + (f"?next={next_path}" if next_path else ""))
    driver.find_element(By.ID, "email").send_keys(email)
    driver.find_element(By.ID, "password").send_keys(password)
    driver.find_element(By.CSS_SELECTOR, "form.stacked-form button[type=submit]").click()
    wait_for(driver, lambda d: urlparse(d.current_url).path != "/login")


def press(driver, label):
    driver.find_element(By.XPATH, f"//button[normalize-space()='{label}'] | //a[normalize-space()='{label}']").click()


def grouped(text):
    """`text` with its numbers grouped as an English page writes them (`36295.5` → `36,295.5`);
    the API writes them canonically."""
    def group(match):
        whole, _, fraction = match.group(0).partition(".")
        return f"{int(whole):,}" + ("." + fraction if fraction else "")
    return re.sub(r"(?<![\d.])\d{4,}(?:\.\d+)?", group, text)
