"""A loopback stand-in for every central bank the app fetches: each publisher's real document
(Tests/RateSourcesTests/Resources/providers, recorded in 2026) at that publisher's own path,
whatever days the query asks for (the app keeps the days it asked for). Publishers of a
document per currency get the recorded currency's document, or a 404 for the others; a form's
page is served to a GET and its result to the POST (the Swift stand-in,
Tests/AppTests/Harness/KitProvidersStub.swift, also checks the tokens posted back). The
browser tests (test_11) and scripts/bench point every `<ID>_BASE_URL` at it. Run alone, it
prints its port and serves.
"""
import re
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, unquote

ROOT = Path(__file__).resolve().parents[2]
PROVIDERS = ROOT / "Tests" / "RateSourcesTests" / "Resources" / "providers"
RESOURCES = ROOT / "Tests" / "AppTests" / "Resources"
# The first ten central banks (the browser tests' providers), then every other the app fetches,
# in the order of RATES_PROVIDERS' default (docs/CONFIGURATION.md).
OFFICIAL = ["ecb", "boc", "cnb", "nbp", "nbp.b", "cbr", "nb", "rba", "nbu", "boe"]
EVERY = OFFICIAL + ("bdi dnb rb mnb bnr nbrb nbm nbrm bsh sbi tcmb cbu nbk nbkr nbkr.w nbt cbt nbg cbar cba dab boi cbkkw cbi "
                    "cfets fbil sbp nrb cbsl mma hkma amcm cbc boj mas bnm bi bot cbm nbc bom rbv rbf nrbt cbs sarb cbn cbk "
                    "bnrrw bota bob bfm bna cbe nbe bcccd bct boa bam bceao beac rbm bcra bcb banrep bcrp bcch banxico "
                    "bccr banguat bcn bcc bcu bcp hmrc inforeuro ust imf bis bbk bdp hnb lb").split()


def always(name):
    return lambda method, path, query, body: name


def on_post(name, page=None):
    return lambda method, path, query, body: name if method == "POST" else page


def by(pattern, template, source="path"):
    """The file named by what `pattern` finds in the path, the query or the body."""
    def choose(method, path, query, body):
        found = re.search(pattern, {"path": path, "query": query, "body": body}[source])
        return template.format(found.group(1).lower()) if found else None
    return choose


# Each publisher's path, and how the file it serves is chosen.
ROUTES = [
    ("/valet/observations/group/FX_RATES_DAILY/json", always("boc-valet-fx-rates-daily-2026-03-12.json")),
    ("/cnbapi/exrates/daily-year", always("cnb-exrates-daily-year-2026.json")),
    ("/api/exchangerates/tables/A/", always("nbp-table-a-2026-03-01..05.json")),
    ("/api/exchangerates/tables/B/", always("nbp-table-b-2026-03-01..05.json")),
    ("/scripts/XML_daily.asp", always("cbr-xml-daily.xml")),
    ("/api/data/EXR/B..NOK.SP", always("norges-bank-exr-b-nok-sp.csv")),
    ("/statistics/tables/csv/f11.1-data.csv", always("rba-f11.1-data.csv")),
    ("/NBU_Exchange/exchange_site", always("nbu-exchange-site-2026-03.json")),
    ("/boeapps/database/_iadb-fromshowcolumns.asp", always("boe-iadb-usd-eur-spot.csv")),
    ("/stats/eurofxref/eurofxref-daily.xml", lambda *_: RESOURCES / "ecb-daily-2026-03-05.xml"),
    ("/en/arkhiv-kursov-valyut/json/all/", always("cbu-all-2026-04-01.json")),
    ("/rss/get_rates.cfm", always("nbk-get-rates-01-04-2026.xml")),
    ("/en/kurs/export_xml.php", always("nbt-export-xml-2026-05-18.xml")),
    ("/XML/daily.xml", always("nbkr-daily.xml")),
    ("/XML/weekly.xml", always("nbkr-weekly.xml")),
    ("/kurs/", always("cbt-20052026.xml")),
    ("/gw/api/ct/monetarypolicy/currencies/", always("nbg-currencies-2026-03-03.json")),
    ("/currencies/", always("cbar-currencies.xml")),
    ("/en/official_exchange_rates", always("nbm-official-exchange-rates-06-04-2026.xml")),
    ("/api/forex/v1/rates", always("nrb-rates.json")),
    ("/api/filter-exchange-rates", always("nbe-filter-exchange-rates-2026-05-18.json")),
    ("/KLServiceNOV/GetExchangeRate", always("nbrm-getexchangerate-30-05-2026-30-05-2026.json")),
    ("/files/xml/years/", always("bnr-nbrfxrates2026.xml")),
    ("/estadisticascambiarias/v1.0/Cotizaciones", always("bcra-cotizaciones-2026-03-19.json")),
    ("/wasdm/refrates/fetchfiltered", always("fbil-fetchfiltered.json")),
    ("/swea/v1/Observations/ByGroup/130/", always("rb-bygroup.json")),
    ("/public/market-data-and-statistics/", always("hkma-er-eeri-daily.json")),
    ("/resource/32sa-8pi3.json", always("banrep-32sa-8pi3.json")),
    ("/api/GetAllExchangeRates", always("cbn-getallexchangerates.json")),
    ("/en/currency-rate-movement/data", on_post("bom-data.json")),
    ("/wp-admin/admin-ajax.php", on_post("cbk-admin-ajax.json")),
    ("/service/rest/taxas/get/evolucao/taxa/intervalo", always("bna-intervalo-all.json")),
    ("/olinda/servico/PTAX/", by(r"@moeda='([A-Z]{3})'", "bcb-cotacaomoedaperiodo-{}.json", "query")),
    ("/exrates/rates/dynamics/", by(r"/dynamics/(\d+)", "nbrb-dynamics-{}.json")),
    ("/public/exchange-rate/", by(r"/exchange-rate/([A-Za-z]{3})", "bnm-month-{}.json")),
    ("/v1/data", on_post("dnb-data.csv")),
    ("/FusionEdgeServer/sdmx/v2/data/dataflow/BOI.STATISTICS/EXR/1.0/", always("boi-1-0.csv")),
    ("/terzevalute-wf-web/rest/v1.0/dailyRates", always("bdi-dailyrates-2026-02-10.csv")),
    ("/bct/siteprod/cours_archiv.jsp", on_post("bct-cours-archiv-2026-05-18.html")),
    ("/fr/cours/get_all_reference_by_date", always("bceao-get-all-reference-by-date-2026-03-16.html")),
    ("/Statistics/ExchangeRatesFilter/", on_post("rbm-exchangeratesfilter.html")),
    ("/ags/ms/cm-u-bk-ccpr/CcprHisNew", on_post("cfets-ccprhisnew-2026-09-04-1.json")),
    ("/ExchangeRate/previous_rates", on_post("bota-previous-rates-2.html", "bota-previous-rates-1.html")),
    ("/en/economic-research/statistics/cbe-exchange-rates/historical-data", always("cbe-historical-data.html")),
    ("/api/statistics/GetHistoricalData", on_post("cbe-gethistoricaldata.xlsx")),
    ("/statistics/msb/ExchangeRates.aspx", on_post("mas-exchangerates-2.csv", "mas-exchangerates-1.html")),
    ("/en/monetary-policy/market-operations/exchange-rates/get-exchange-rates",
     by(r"selCurrency=(USD|EUR|GBP|JPY)%3A", "cbkkw-get-exchange-rates-{}.html", "body")),
    ("/en/statistik/informasi-kurs/transaksi-bi/default.aspx",
     lambda method, path, query, body: next(
         (f"bi-default-{code.lower()}.html" for code in ("AED", "AUD", "BND") if method == "POST" and f"ddlmatauang1={code}%20%20&" in body),
         "bi-default.html")),
    ("/cbsl_custom/exrates/exrates_results.php", on_post("cbsl-exrates-results.html")),
    ("/cbsl_custom/exrates/exrates.php", always("cbsl-exrates.html")),
    ("/assets/document/BFER_Daily", lambda method, path, query, body:
        "sbp-bfer-daily-arch.xlsx" if path.endswith("_Arch.xlsx") else "sbp-bfer-daily.xlsx"),
    ("/SarbWebApi/WebIndicators/Shared/GetTimeseriesObservations/", by(r"Observations/([A-Z0-9]+)/", "sarb-{}.json")),
    ("/arfolyamok.asmx", on_post("mnb-arfolyamok.xml")),
    ("/exchangerates.asmx", on_post("cba-exchangerates-2.xml")),
    ("/variables/ws/TipoCambio.asmx", on_post("banguat-tipocambio.xml")),
    ("/Tc_Servicio/ServicioTC.asmx", on_post("bcn-serviciotc.xml")),
    ("/api/v1.0/cms/financial_info", always("amcm-financial-info.json")),
    ("/api/latest", always("cbm-latest.json")),
    ("/API/DataAPI/Get", always("cbc-get.json")),
    ("/api/v1/getDataCode", always("boj-getdatacode.json")),
    ("/statistics/economic-and-financial-statistics/", always("rbf-economic-and-financial-statistics.html")),
    ("/wp-content/uploads/2026/05/8.8-Exchange-Rates-Daily-9.xlsx", always("rbf-8-8-exchange-rates-daily-9.xlsx")),
    ("/data/docs/fmarkets/exrates/average_daily_exchange_rates.xlsx", always("nrbt-average-daily-exchange-rates.xlsx")),
    ("/donnees-historiques/", always("boa-donnees-historiques.html")),
    ("/stoodroa/2026/05/Cotation-DZD-2000-2026-journalier.xlsx", always("boa-cotation-dzd-2000-2026-journalier.xlsx")),
    ("/SDDE/api/Bccr.GE.SDDE.IndicadoresSitioExterno.ServiciosUsuario.API/Token/GenereCSRF", always("bccr-generecsrf.txt")),
    ("/SDDE/api/Bccr.GE.SDDE.IndicadoresSitioExterno.GrupoVariables.API/", always("bccr-obtenerdatoscuadro.json")),
    ("/marche-des-changes/cours-de-change", always("bcccd-cours-de-change.txt")),
    ("/webapps/web/cotizacion/monedas-historica", by(r"moneda=([A-Z]{3})", "bcp-monedas-historica-{}.html", "query")),
    ("/english/economic_research/exchange_rate.php", on_post("nbc-exchange-rate-2026-05-20.html", page="nbc-exchange-rate-1.html")),
    ("/admin/wp-json/bfm/cours_mid_en_ar_filter", lambda method, path, query, body:
        f"bfm-cours-mid-en-ar-filter-{body[-3:]}.json" if method == "POST" else None),
    ("/exchange-rates", always("dab-exchange-rates-2026-05-20.html")),
    ("/index.php/en/exchange-rates", always("rbv-exchange-rates.html")),
    ("/wscotizaciones/servlet/awsbcucotizaciones", on_post("bcu-awsbcucotizaciones-1.xml")),
    ("/rest/data/BBEX3/", always("bbk-d-dem-aa-ac-000.csv")),
    ("/api/v2/data/dataflow/BIS/WS_XRU/1.0/M...E", always("bis-m-e-ge-2025-01-le-2025-02.csv")),
    ("/webservices/FxRates/FxRates.asmx/getFxRates", always("lb-getfxrates-2014-12-31.xml")),
    ("/data/v1/domains/29/datasets/", by(r"page=(\d)", "bdp-23e0cdd56bddb4ad3016a9c3ad63a539-{}.json", "query")),
    ("/Markets/Official_exchange_rate/Exchage_rate_archive/", always("bsh-exchage-rate-archive.html")),
    ("/Markets/Official_exchange_rate/", always("bsh-official-exchange-rate.html")),
    ("/rc/doc/Kursi_i_kembimit_2024_29746.xlsx", always("bsh-kursi-i-kembimit-2024-29746.xlsx")),
    ("/page/144", always("cbi-page.html")),
    ("/static/uploads/up/file-177909880482668.xlsx", always("cbi-file-177909880482668.xlsx")),
    ("/daily-exchange-rates", always("cbs-daily-exchange-rates.html")),
    ("/media/Historical-Daily-Rates-June032026.xlsx", always("cbs-historical-daily-rates-june032026.xlsx")),
    ("/tecajn/v2", always("hnb-v2.json")),
    ("/external/np/fin/data/rms_mth.aspx", by(r"reportType=([A-Z]+)", "imf-rms-mth-{}.tsv", "query")),
    ("/export/exchange-rates.csv", always("bob-exchange-rates.csv")),
    ("/xmltimeseries/Default.aspx", by(r"GroupID=(\d+)", "sbi-default-{}.xml", "query")),
    ("/JSON/referencerates.json", always("mma-referencerates.json")),
    ("/currency_history/", by(r"currency_name=([A-Z]{3})", "bnrrw-currency-history-{}.json", "query")),
    ("/v1/tasas-de-cambio/historico", by(r"codigoMoneda=([A-Z]{3})", "bcc-historico-{}.json", "query")),
    ("/cours/Version1/api/CoursVirement", always("bam-coursvirement-2026-03-27t12-30-00.json")),
    ("/SieAPIRest/service/v1/series/", always("banxico-datos.json")),
    ("/SieteRestWS/SieteRestWS.ashx", lambda method, path, query, body: "bcch-sieterestws-{}.json".format(
        re.search(r"timeseries=([A-Za-z0-9.]+)", query).group(1).lower().replace(".", "-")) if "timeseries=" in query else None),
    ("/Stat-ExchangeRate/v2/DAILY_AVG_EXG_RATE/", always("bot-daily-avg-exg-rate.json")),
    ("/igmevdsms-dis/", always("tcmb-series-tp-dk-aed-a-ytl-tp-dk-aed-s-ytl-t.json")),
    ("/estadisticas/series/api/PD04639PD-PD04640PD/json/", always("bcrp-ing.json")),
    ("/uk/api/exchange_rates/files/monthly_csv_", lambda method, path, query, body:
        "hmrc-monthly-csv-2026-9.csv" if path.endswith("2026-9.csv") else "hmrc-monthly-csv-2026-8.csv"),
    ("/budg/inforeuro/api/public/monthly-rates", always("inforeuro-monthly-rates.json")),
    ("/services/api/fiscal_service/v1/accounting/od/rates_of_exchange", always("ust-rates-of-exchange.json")),
    # Last: every path starts with the BEAC's home page's.
    ("/", lambda method, path, query, body: "beac-doc.html" if path == "/" else None),
]


# The feeds that need a key, and the one they are given here (the stand-in asks for none).
KEYED = {"bam": "stand-in", "banxico": "stand-in", "bcch": "stand-in:stand-in", "bot": "stand-in", "tcmb": "stand-in"}


def origin_variables(base):
    """`<ID>_BASE_URL` of every central bank, pointing at `base`, and `<ID>_API_KEY` of those that need one."""
    return {**{provider.upper().replace(".", "_") + "_BASE_URL": base for provider in EVERY},
            **{provider.upper() + "_API_KEY": key for provider, key in KEYED.items()}}


def kind(name):
    suffix = Path(str(name)).suffix
    return {".json": "application/json", ".xml": "application/xml", ".csv": "text/csv", ".html": "text/html; charset=utf-8",
            ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}.get(suffix, "application/octet-stream")


class Server(ThreadingHTTPServer):
    # A refresh connects to every bank at once: socketserver's backlog of 5 dropped the rest of
    # the connections, and the kernel tried them again a second later (every refresh took 1 s).
    request_queue_size = 128


class CentralBanks:
    def __init__(self, port=0):
        cache = {}

        def document(name):
            path = name if isinstance(name, Path) else PROVIDERS / name
            if path not in cache:
                cache[path] = path.read_bytes() if path.is_file() else None
            return cache[path]

        class Handler(BaseHTTPRequestHandler):
            def answer(self, method):
                length = min(int(self.headers.get("Content-Length") or 0), 1 << 20)
                body = self.rfile.read(length).decode("utf-8", "replace") if length else ""
                path, _, query = self.path.partition("?")
                query = unquote(query)
                chooser = next((choose for prefix, choose in ROUTES if path.startswith(prefix)), None)
                name = chooser(method, path, query, body) if chooser else None
                data = document(name) if name else None
                self.send_response(200 if data is not None else 404)
                self.send_header("Content-Type", kind(name) if data is not None else "text/plain")
                data = data if data is not None else b"not found"
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):
                self.answer("GET")

            def do_POST(self):
                self.answer("POST")

            def log_message(self, *args):
                pass

        self.server = Server(("127.0.0.1", port), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def base(self):
        return f"http://127.0.0.1:{self.port}"


if __name__ == "__main__" and sys.argv[1:] == ["--providers"]:
    print(",".join(EVERY))
elif __name__ == "__main__" and sys.argv[1:] == ["--keys"]:
    print(" ".join(f"{provider.upper()}_API_KEY={key}" for provider, key in KEYED.items()))
elif __name__ == "__main__":
    banks = CentralBanks()
    print(banks.port, flush=True)
    sys.stdout.close()
    threading.Event().wait()
