"""Takes docs/screenshot.png from today's app: a fresh embedded database (the bundled ECB history,
no network), a result page in headless Chromium at a desktop width. scripts/screenshot runs it."""
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

sys.path.insert(0, str(Path(__file__).parent))
from ports import free_port  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PAGE = "/?from=USD&to=EUR&amount=100"


def wait_until_ready(base, process, seconds=120):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the app stopped (exit {process.returncode}) before it was ready")
        try:
            with urllib.request.urlopen(base + "/health/ready", timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.3)
    raise SystemExit(f"the app was not ready within {seconds} s")


def main(binary, output):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, SQLITE_PATH=str(Path(folder) / "app.sqlite"), RATES_PROVIDERS="none", LOG_LEVEL="warning")
        env.pop("DATABASE_URL", None)
        app = subprocess.Popen([binary, "serve", "--hostname", "127.0.0.1", "--port", str(port)], cwd=ROOT, env=env)
        try:
            wait_until_ready(base, app)
            options = webdriver.ChromeOptions()
            for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars",
                             "--window-size=1100,760", "--lang=en-US", "--force-prefers-reduced-motion"]:
                options.add_argument(argument)
            browser = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")),
                                       options=options)
            try:
                browser.get(base + PAGE)
                text = browser.find_element("tag name", "main").text
                if "100 USD" not in text:
                    raise SystemExit(f"the result page did not show the conversion:\n{text[:400]}")
                # The form and its result whole: the window as tall as the card that holds them.
                bottom = browser.execute_script(
                    "const r = document.querySelector('main').getBoundingClientRect(); return Math.ceil(r.bottom + 24);")
                browser.set_window_size(1100, min(max(bottom, 600), 1600))
                browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                        {"width": 1100, "height": min(max(bottom, 600), 1600), "deviceScaleFactor": 1,
                                         "mobile": False})
                browser.save_screenshot(str(output))
            finally:
                browser.quit()
        finally:
            app.terminate()
            app.wait(timeout=30)
    print(f"wrote {output} from {base}{PAGE}")


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]).resolve())
