"""A loopback stand-in for every central bank the app fetches: each publisher's real document
(Tests/RateSourcesTests/Resources/providers, of March 2026) at that publisher's own path, whatever
the query asks (the app keeps the days it asked for). The browser tests (test_11) and
scripts/bench point every `<ID>_BASE_URL` at it. Run alone, it prints its port and serves.
"""
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROVIDERS = ROOT / "Tests" / "RateSourcesTests" / "Resources" / "providers"
RESOURCES = ROOT / "Tests" / "AppTests" / "Resources"
OFFICIAL = ["ecb", "boc", "cnb", "nbp", "nbp.b", "cbr", "nb", "rba", "nbu", "boe"]

# Each publisher's path, and the file it serves.
ROUTES = [
    ("/valet/observations/group/FX_RATES_DAILY/json", PROVIDERS / "boc-valet-fx-rates-daily-2026-03-12.json", "application/json"),
    ("/cnbapi/exrates/daily-year", PROVIDERS / "cnb-exrates-daily-year-2026.json", "application/json"),
    ("/api/exchangerates/tables/A/", PROVIDERS / "nbp-table-a-2026-03-01..05.json", "application/json"),
    ("/api/exchangerates/tables/B/", PROVIDERS / "nbp-table-b-2026-03-01..05.json", "application/json"),
    ("/scripts/XML_daily.asp", PROVIDERS / "cbr-xml-daily.xml", "application/xml; charset=windows-1251"),
    ("/api/data/EXR/B..NOK.SP", PROVIDERS / "norges-bank-exr-b-nok-sp.csv", "text/csv"),
    ("/statistics/tables/csv/f11.1-data.csv", PROVIDERS / "rba-f11.1-data.csv", "text/csv"),
    ("/NBU_Exchange/exchange_site", PROVIDERS / "nbu-exchange-site-2026-03.json", "application/json"),
    ("/boeapps/database/_iadb-fromshowcolumns.asp", PROVIDERS / "boe-iadb-usd-eur-spot.csv", "text/csv"),
    ("/stats/eurofxref/eurofxref-daily.xml", RESOURCES / "ecb-daily-2026-03-05.xml", "text/xml"),
]


def origin_variables(base):
    """`<ID>_BASE_URL` of every central bank, pointing at `base`."""
    return {provider.upper().replace(".", "_") + "_BASE_URL": base for provider in OFFICIAL}


class Server(ThreadingHTTPServer):
    # A refresh connects to every bank at once: socketserver's backlog of 5 dropped the rest of
    # the connections, and the kernel tried them again a second later (every refresh took 1 s).
    request_queue_size = 128


class CentralBanks:
    def __init__(self, port=0):
        documents = [(prefix, path.read_bytes(), kind) for prefix, path, kind in ROUTES]

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                path = self.path.split("?")[0]
                match = next(((body, kind) for prefix, body, kind in documents if path.startswith(prefix)), None)
                body, kind = match or (b"not found", "text/plain")
                self.send_response(200 if match else 404)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = Server(("127.0.0.1", port), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def base(self):
        return f"http://127.0.0.1:{self.port}"


if __name__ == "__main__":
    banks = CentralBanks()
    print(banks.port, flush=True)
    sys.stdout.close()
    threading.Event().wait()
