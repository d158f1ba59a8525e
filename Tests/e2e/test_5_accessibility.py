"""Accessibility checks that a browser can make: every visible text meets WCAG AA contrast in
the light and the dark scheme, and every form control has a label."""
import pytest

from conftest import ADMIN, screenshot
from helpers import sign_in

CONTRAST = """
function parse(color) {
  const parts = color.match(/rgba?\\(([^)]+)\\)/)[1].split(',').map(parseFloat);
  return { r: parts[0], g: parts[1], b: parts[2], a: parts.length > 3 ? parts[3] : 1 };
}
function luminance(c) {
  const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
}
function background(element) {
  for (; element; element = element.parentElement) {
    const c = parse(getComputedStyle(element).backgroundColor);
    if (c.a > 0.9) return c;
  }
  return { r: 255, g: 255, b: 255, a: 1 };
}
const failures = [];
for (const element of document.querySelectorAll('body *')) {
  if (element instanceof SVGElement || element.closest('[hidden]') || !element.getClientRects().length) continue;
  const text = [...element.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent.trim()).join('');
  if (!text) continue;
  const style = getComputedStyle(element);
  const fg = parse(style.color), bg = background(element);
  const ratio = (Math.max(luminance(fg), luminance(bg)) + 0.05) / (Math.min(luminance(fg), luminance(bg)) + 0.05);
  const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight) >= 700;
  const needed = size >= 24 || (size >= 18.66 && bold) ? 3 : 4.5;
  if (ratio < needed) failures.push(`${element.tagName}.${element.className} "${text.slice(0, 30)}": ${ratio.toFixed(2)} < ${needed}`);
}
return failures;
"""

UNLABELLED = """
return [...document.querySelectorAll('input:not([type=hidden]), select, textarea')]
  .filter(c => !(c.labels && c.labels.length) && !c.getAttribute('aria-label'))
  .map(c => c.name || c.id);
"""

PAGES = ["/?from=USD&to=EUR&amount=100", "/?from=USD&to=EUR&amount=01", "/?from=USD&to=EUR&amount=100&date=2025-05-10",
         "/?from=USD&to=EUR&amount=100&date=2020-02-30", "/about", "/login", "/signup",
         "/admin/rates", "/contacts", "/contacts/new", "/rates/USD/EUR", "/rates/USD/EUR?range=all", "/no-such-page"]


def set_scheme(driver, scheme):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_contrast_and_labels(app, browser, scheme):
    sign_in(browser, app.base, *ADMIN)
    set_scheme(browser, scheme)
    for path in PAGES:
        browser.get(app.base + path)
        assert browser.execute_script(CONTRAST) == [], f"{path} ({scheme})"
        assert browser.execute_script(UNLABELLED) == [], f"{path} ({scheme})"
    if scheme == "dark":
        browser.get(app.base + "/?from=USD&to=EUR&amount=100")
        screenshot(browser, "converter-dark")
        browser.get(app.base + "/rates/USD/EUR")
        screenshot(browser, "rate-history-dark")
