"""Draws the app's PNG icons (Public/icons/icon-192.png, icon-512.png) from Public/favicon.svg
in headless Chromium, for the web app manifest: `python3 scripts/lib/make_icons.py`. Run it
again after changing the favicon; the PNGs are committed."""
import base64
import os
import pathlib

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = pathlib.Path(__file__).resolve().parents[2]


def main():
    svg = (ROOT / "Public" / "favicon.svg").read_text()
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
    try:
        for size in (192, 512):
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride", {"width": size, "height": size, "deviceScaleFactor": 1, "mobile": False})
            page = f"<!doctype html><html><head><meta charset='utf-8'></head><body style='margin:0;background:transparent'><div style='width:{size}px;height:{size}px'>{svg}</div></body></html>"
            driver.get("data:text/html;base64," + base64.b64encode(page.encode()).decode())
            driver.execute_script("const s = document.querySelector('svg'); s.setAttribute('width', '100%'); s.setAttribute('height', '100%');")
            driver.execute_cdp_cmd("Emulation.setDefaultBackgroundColorOverride", {"color": {"r": 0, "g": 0, "b": 0, "a": 0}})
            shot = driver.execute_cdp_cmd(
                "Page.captureScreenshot", {"format": "png", "clip": {"x": 0, "y": 0, "width": size, "height": size, "scale": 1}})
            (ROOT / "Public" / "icons" / f"icon-{size}.png").write_bytes(base64.b64decode(shot["data"]))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
