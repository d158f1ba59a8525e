"""The app as Chromium sees it for installing: the manifest each page links to, in the page's
language, read without errors, and no installability error."""
import json

from selenium.webdriver.common.by import By


def test_installable_in_each_language(app, browser):
    for language, name, direction in [("ar", "محوّل العملات", "rtl"), ("en", "Currency Converter", "ltr")]:
        browser.get(f"{app.base}/language/{language}")  # the language menu's link: its cookie, then back
        browser.get(app.base + "/")
        link = browser.find_element(By.CSS_SELECTOR, 'link[rel="manifest"]')
        assert link.get_attribute("href") == f"{app.base}/manifest.webmanifest?lang={language}"
        manifest = browser.execute_cdp_cmd("Page.getAppManifest", {})
        assert manifest["url"] == f"{app.base}/manifest.webmanifest?lang={language}"
        assert manifest["errors"] == [], manifest["errors"]
        data = json.loads(manifest["data"])
        assert data["name"] == name and data["lang"] == language and data["dir"] == direction
        assert data["display"] == "standalone" and data["start_url"] == "/"
        assert browser.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"] == []
