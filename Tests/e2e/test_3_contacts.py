"""A user signs up and keeps contacts: add, edit, search, delete, export; another user sees none."""
import csv
import io
import urllib.request
import uuid
from urllib.parse import urlparse

from selenium.webdriver.common.by import By

from conftest import screenshot
from helpers import press, sign_in, wait_for


def fill(driver, **fields):
    for name, value in fields.items():
        element = driver.find_element(By.ID, name)
        element.clear()
        element.send_keys(value)


def names(driver):
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".contact-name")]


def sign_up(driver, base):
    email = f"user-{uuid.uuid4().hex[:8]}@example.org"
    driver.get(base + "/signup?next=/contacts")
    screenshot(driver, "signup")
    fill(driver, email=email, password="long enough", password_confirmation="long enough")
    driver.find_element(By.CSS_SELECTOR, "form.stacked-form button[type=submit]").click()
    wait_for(driver, lambda d: urlparse(d.current_url).path == "/contacts")
    return email


def download(driver, url):
    cookie = "; ".join(f'{c["name"]}={c["value"]}' for c in driver.get_cookies())
    request = urllib.request.Request(url, headers={"Cookie": cookie})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.headers, response.read().decode("utf-8")


def test_contacts_book(app, browser):
    sign_up(browser, app.base)
    assert "No contacts yet." in browser.page_source
    screenshot(browser, "contacts-empty")

    press(browser, "Add your first contact")
    press(browser, "Add contact")
    wait_for(browser, lambda d: d.find_elements(By.ID, "first_name-error"))
    screenshot(browser, "contact-form-errors")
    fill(browser, first_name="ivan", last_name="petrov", email="ivan@example.org", phone="+7 495 123", notes="Met in Kazan")
    press(browser, "Add contact")
    wait_for(browser, lambda d: "Contact added." in d.page_source)
    assert browser.find_element(By.TAG_NAME, "h1").text == "Ivan Petrov"
    screenshot(browser, "contact")

    press(browser, "Edit")
    fill(browser, phone="+7 495 999 00 11")
    press(browser, "Save changes")
    wait_for(browser, lambda d: "Changes saved." in d.page_source)
    assert "+7 495 999 00 11" in browser.page_source

    browser.get(app.base + "/contacts/new")
    fill(browser, first_name="Zoë \"Z\"", last_name="Müller, Jr.", notes="Line one\nLine two")
    press(browser, "Add contact")
    wait_for(browser, lambda d: "Contact added." in d.page_source)

    browser.get(app.base + "/contacts")
    assert names(browser) == ["Zoë \"Z\" Müller, Jr.", "Ivan Petrov"]
    screenshot(browser, "contacts")
    fill(browser, q="PETR")
    browser.find_element(By.CSS_SELECTOR, ".search-form button").click()
    wait_for(browser, lambda d: "q=PETR" in d.current_url)
    assert names(browser) == ["Ivan Petrov"]
    fill(browser, q="nobody here")
    browser.find_element(By.CSS_SELECTOR, ".search-form button").click()
    wait_for(browser, lambda d: "No contact matches" in d.page_source)

    # The exports open in a spreadsheet (CSV) and a contacts app (vCard).
    headers, text = download(browser, app.base + "/contacts/export.csv")
    assert headers["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"), newline="")))
    assert rows[0] == ["First name", "Last name", "Email", "Phone", "Notes", "Added", "Updated"]
    assert rows[1][:5] == ["Zoë \"Z\"", "Müller, Jr.", "", "", "Line one\nLine two"]
    assert rows[2][:4] == ["ivan", "petrov", "ivan@example.org", "+7 495 999 00 11"]
    headers, card = download(browser, app.base + "/contacts/export.vcf")
    assert headers["Content-Type"] == "text/vcard; charset=utf-8"
    unfolded = card.replace("\r\n ", "")
    assert unfolded.count("BEGIN:VCARD\r\nVERSION:3.0\r\n") == 2
    assert "N:Müller\\, Jr.;Zoë \"Z\";;;\r\n" in unfolded and "NOTE:Line one\\nLine two\r\n" in unfolded

    # Another user sees none of it.
    browser.get(app.base + "/contacts")
    contact_url = browser.find_element(By.LINK_TEXT, "Ivan Petrov").get_attribute("href")
    browser.delete_all_cookies()
    sign_up(browser, app.base)
    assert "No contacts yet." in browser.page_source
    browser.get(contact_url)
    assert "There is no page at this address." in browser.page_source


def test_delete_after_confirmation(app, browser):
    sign_up(browser, app.base)
    browser.get(app.base + "/contacts/new")
    fill(browser, first_name="Temporary")
    press(browser, "Add contact")
    wait_for(browser, lambda d: "Contact added." in d.page_source)
    press(browser, "Delete…")
    wait_for(browser, lambda d: d.current_url.endswith("/delete"))
    screenshot(browser, "contact-delete")
    press(browser, "Delete contact")
    wait_for(browser, lambda d: urlparse(d.current_url).path == "/contacts")
    assert "Contact deleted: Temporary." in browser.page_source
    assert "No contacts yet." in browser.page_source


def test_not_found_page(app, browser):
    browser.get(app.base + "/no/such/page")
    assert "There is no page at this address." in browser.page_source
    screenshot(browser, "not-found")
