import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing
import Vapor

@testable import App
@testable import Core
@testable import RateSources

/// The kit's newer publishers on loopback, each answering at its own path with its recorded
/// document (`Tests/RateSourcesTests/Resources/providers/`): GETs, form and JSON POSTs, SOAP
/// calls (refused without their `SOAPAction`), and a document per currency chosen by the
/// currency the address names. What each request sent is kept, for a test to read.
final class KitProvidersStub: Sendable {
    private let app: Application
    private let requests: NIOLockedValueBox<[(provider: String, method: String, soapAction: String?, body: String)]>
    let port: Int

    private init(
        app: Application, requests: NIOLockedValueBox<[(provider: String, method: String, soapAction: String?, body: String)]>, port: Int
    ) {
        self.app = app
        self.requests = requests
        self.port = port
    }

    /// A provider's path, and the recorded file it answers (for a publisher of a document per
    /// currency, the file of the currency the request names).
    static let routes: [(prefix: String, provider: String, file: @Sendable (Request) -> String?)] = [
        ("/en/arkhiv-kursov-valyut/json/all/2026-04-01/", "cbu", { _ in "cbu-all-2026-04-01.json" }),
        ("/rss/get_rates.cfm", "nbk", { $0.url.query == "fdate=01.04.2026" ? "nbk-get-rates-01-04-2026.xml" : nil }),
        ("/en/kurs/export_xml.php", "nbt", { _ in "nbt-export-xml-2026-05-18.xml" }),
        ("/XML/daily.xml", "nbkr", { _ in "nbkr-daily.xml" }),
        ("/XML/weekly.xml", "nbkr.w", { _ in "nbkr-weekly.xml" }),
        ("/kurs/2026/20052026.xml", "cbt", { _ in "cbt-20052026.xml" }),
        ("/gw/api/ct/monetarypolicy/currencies/", "nbg", { $0.url.query == "date=2026-03-03" ? "nbg-currencies-2026-03-03.json" : nil }),
        ("/currencies/04.09.2026.xml", "cbar", { _ in "cbar-currencies.xml" }),
        ("/en/official_exchange_rates", "nbm", { _ in "nbm-official-exchange-rates-06-04-2026.xml" }),
        ("/api/forex/v1/rates", "nrb", { $0.url.query == "from=2026-04-01&page=1&per_page=100&to=2026-04-05" ? "nrb-rates.json" : nil }),
        ("/api/filter-exchange-rates", "nbe", { $0.url.query.map { "nbe-filter-exchange-rates-\($0.dropFirst("date=".count)).json" } }),
        (
            "/KLServiceNOV/GetExchangeRate", "nbrm",
            {
                $0.url.query == "EndDate=29.05.2026&StartDate=02.03.2026&format=json"
                    ? "nbrm-getexchangerate-29-05-2026-01-03-2026.json" : nil
            }
        ),
        ("/files/xml/years/nbrfxrates2026.xml", "bnr", { _ in "bnr-nbrfxrates2026.xml" }),
        ("/estadisticascambiarias/v1.0/Cotizaciones", "bcra", { _ in "bcra-cotizaciones-2026-03-19.json" }),
        ("/wasdm/refrates/fetchfiltered", "fbil", { _ in "fbil-fetchfiltered.json" }),
        ("/swea/v1/Observations/ByGroup/130/", "rb", { _ in "rb-bygroup.json" }),
        ("/public/market-data-and-statistics/", "hkma", { _ in "hkma-er-eeri-daily.json" }),
        ("/resource/32sa-8pi3.json", "banrep", { _ in "banrep-32sa-8pi3.json" }),
        ("/api/GetAllExchangeRates", "cbn", { _ in "cbn-getallexchangerates.json" }),
        ("/en/currency-rate-movement/data", "bom", { $0.method == .POST ? "bom-data.json" : nil }),
        ("/wp-admin/admin-ajax.php", "cbk", { $0.method == .POST ? "cbk-admin-ajax.json" : nil }),
        (
            "/service/rest/taxas/get/evolucao/taxa/intervalo", "bna",
            { request in
                (try? request.query.get(String.self, at: "moeda")) == "ALL" ? "bna-intervalo-all.json" : nil
            }
        ),
        (
            "/olinda/servico/PTAX/", "bcb",
            { request in
                // …?@moeda='USD'&…
                request.url.query?.split(separator: "&").first { $0.hasPrefix("@moeda=") }
                    .map { "bcb-cotacaomoedaperiodo-\($0.dropFirst(8).prefix(3).lowercased()).json" }
            }
        ),
        ("/exrates/rates/dynamics/", "nbrb", { "nbrb-dynamics-\($0.url.path.split(separator: "/").last ?? "").json" }),
        ("/public/exchange-rate/", "bnm", { "bnm-month-\($0.url.path.split(separator: "/")[2].lowercased()).json" }),
        ("/v1/data", "dnb", { $0.method == .POST ? "dnb-data.csv" : nil }),
        ("/FusionEdgeServer/sdmx/v2/data/dataflow/BOI.STATISTICS/EXR/1.0/", "boi", { _ in "boi-1-0.csv" }),
        (
            "/terzevalute-wf-web/rest/v1.0/dailyRates", "bdi",
            { request in
                (try? request.query.get(String.self, at: "referenceDate")).map { "bdi-dailyrates-\($0).csv" }
            }
        ),
        ("/bct/siteprod/cours_archiv.jsp", "bct", { $0.method == .POST ? "bct-cours-archiv-2026-05-18.html" : nil }),
        (
            "/fr/cours/get_all_reference_by_date", "bceao",
            { request in
                (try? request.query.get(String.self, at: "dateJour")).map { "bceao-get-all-reference-by-date-\($0).html" }
            }
        ),
        ("/Statistics/ExchangeRatesFilter/", "rbm", { $0.method == .POST ? "rbm-exchangeratesfilter.html" : nil }),
        ("/ags/ms/cm-u-bk-ccpr/CcprHisNew", "cfets", { $0.method == .POST ? "cfets-ccprhisnew-2026-09-04-1.json" : nil }),
        // As the Bank of Tanzania's server: a POST without the page's antiforgery token and cookie is a 500.
        (
            "/ExchangeRate/previous_rates", "bota",
            { request in
                guard request.method == .POST else { return "bota-previous-rates-1.html" }
                let carries =
                    request.headers.first(name: "Cookie")?.contains("__RequestVerificationToken=\(botaCookie)") == true
                    && request.body.string?.hasPrefix("__RequestVerificationToken=jd5KNjc0tLCkU5rIQdshrRo3") == true
                return carries ? "bota-previous-rates-2.html" : nil
            }
        ),
        ("/en/economic-research/statistics/cbe-exchange-rates/historical-data", "cbe", { _ in "cbe-historical-data.html" }),
        (
            "/api/statistics/GetHistoricalData", "cbe",
            { request in
                let body = request.body.string ?? ""
                return request.method == .POST && body.hasPrefix("__RequestVerificationToken=YQadBhZ3z1ZtC")
                    && body.contains("&DataSourceId=19CFFDDBFF494350A5E9C6A4397FC7DF&") ? "cbe-gethistoricaldata.xlsx" : nil
            }
        ),
        (
            "/statistics/msb/ExchangeRates.aspx", "mas",
            { request in
                guard request.method == .POST else { return "mas-exchangerates-1.html" }
                let body = request.body.string ?? ""
                return body.hasPrefix("__VIEWSTATE=F3HhhhI8r6bEr9rLvJ49k7quNDdtPhb%2F7m2K%2BZsHxGrZjbALNYt6iOF%2B")
                    && body.contains("&__VIEWSTATEGENERATOR=C335971F&__EVENTVALIDATION=g56cj7akByMXY%2B3wplV%2F")
                    ? "mas-exchangerates-2.csv" : nil
            }
        ),
        (
            "/en/monetary-policy/market-operations/exchange-rates/get-exchange-rates", "cbkkw",
            { request in
                // `selCurrency=USD%3A128735`: the four recorded currencies' tables, an empty one for the others.
                let code = (try? request.content.get(String.self, at: "selCurrency"))?.prefix(3) ?? ""
                return ["USD", "EUR", "GBP", "JPY"].contains(code)
                    ? "cbkkw-get-exchange-rates-\(code).html" : "\(KitProvidersStub.noRates) \(code)"
            }
        ),
        (
            "/en/statistik/informasi-kurs/transaksi-bi/default.aspx", "bi",
            { request in
                // A search carries the page's request digest; the three recorded currencies' results, the bare page for the others.
                guard request.method == .POST, let body = request.body.string, body.contains("&__REQUESTDIGEST=0x") else {
                    return "bi-default.html"
                }
                let code = ["AED", "AUD", "BND"].first { body.contains("ddlmatauang1=\($0)%20%20&") }
                return code.map { "bi-default-\($0.lowercased()).html" } ?? "bi-default.html"
            }
        ),
        ("/cbsl_custom/exrates/exrates.php", "cbsl", { _ in "cbsl-exrates.html" }),
        (
            "/cbsl_custom/exrates/exrates_results.php", "cbsl",
            { request in
                request.method == .POST && request.body.string?.contains("chk_cur%5B%5D=USD~US%20Dollar") == true
                    ? "cbsl-exrates-results.html" : nil
            }
        ),
        (
            "/assets/document/BFER_Daily", "sbp",
            { $0.url.path.hasSuffix("_Arch.xlsx") ? "sbp-bfer-daily-arch.xlsx" : "sbp-bfer-daily.xlsx" }
        ),
        (
            "/SarbWebApi/WebIndicators/Shared/GetTimeseriesObservations/", "sarb",
            { "sarb-\($0.url.path.split(separator: "/")[4].lowercased()).json" }
        ),
        ("/arfolyamok.asmx", "mnb", { soap($0, "\"http://www.mnb.hu/webservices/GetExchangeRates\"", "mnb-arfolyamok.xml") }),
        ("/exchangerates.asmx", "cba", { soap($0, "\"http://www.cba.am/ExchangeRatesByDateRangeByISO\"", "cba-exchangerates-2.xml") }),
        (
            "/variables/ws/TipoCambio.asmx", "banguat",
            { request in
                request.body.string?.contains("<fechainit>01/03/2026</fechainit><fechafin>20/03/2026</fechafin>") == true
                    ? soap(request, "\"http://www.banguat.gob.gt/variables/ws/TipoCambioRango\"", "banguat-tipocambio.xml") : nil
            }
        ),
        (
            "/Tc_Servicio/ServicioTC.asmx", "bcn",
            { request in
                request.body.string?.contains("<Ano>2026</Ano><Mes>3</Mes>") == true
                    ? soap(request, "\"http://servicios.bcn.gob.ni/RecuperaTC_Mes\"", "bcn-serviciotc.xml") : nil
            }
        ),
        (
            "/api/v1.0/cms/financial_info", "amcm",
            { $0.url.query == "Begin=20260518&End=20260522&QueryType=1" ? "amcm-financial-info.json" : nil }
        ),
        ("/estadisticas/series/api/PD04639PD-PD04640PD/json/2026-09-01/2026-09-08/ing", "bcrp", { _ in "bcrp-ing.json" }),
        ("/api/latest", "cbm", { _ in "cbm-latest.json" }),
        ("/JSON/referencerates.json", "mma", { _ in "mma-referencerates.json" }),
        (
            "/currency_history/", "bnrrw",
            { request in
                let query = request.url.query ?? ""
                guard query.hasSuffix("&end_date=2026-05-22&start_date=2026-05-19") else { return nil }
                return "bnrrw-currency-history-\(query.dropFirst("currency_name=".count).prefix(3).lowercased()).json"
            }
        ),
        (
            "/v1/tasas-de-cambio/historico", "bcc",
            { request in
                let query = request.url.query ?? ""
                guard query.hasSuffix("&fechaFin=2026-05-22&fechaInicio=2026-05-19") else { return nil }
                return "bcc-historico-\(query.dropFirst("codigoMoneda=".count).prefix(3).lowercased()).json"
            }
        ),
        ("/export/exchange-rates.csv", "bob", { _ in "bob-exchange-rates.csv" }),
        (
            "/xmltimeseries/Default.aspx", "sbi",
            { request in
                let query = request.url.query ?? ""
                guard query.hasPrefix("DagsFra=2026-03-24&DagsTil=2026-03-27&GroupID="), query.hasSuffix("&Type=xml") else { return nil }
                return "sbi-default-\(query.split(separator: "&")[2].dropFirst("GroupID=".count)).xml"
            }
        ),
        (
            "/wscotizaciones/servlet/awsbcucotizaciones", "bcu",
            { request in
                let body = request.body.string ?? ""
                guard request.method == .POST,
                    body.contains("<cot:FechaDesde>2026-03-27</cot:FechaDesde><cot:FechaHasta>2026-03-31</cot:FechaHasta>"),
                    let number = body.components(separatedBy: "<cot:item>").dropFirst().first?.prefix(4),
                    let index = bcuFiles.firstIndex(of: String(number))
                else { return nil }
                return "bcu-awsbcucotizaciones-\(index + 1).xml"
            }
        ),
        (
            "/rest/data/BBEX3/D..DEM.AA.AC.000", "bbk",
            { $0.url.query == "endPeriod=1998-12-30&format=sdmx_csv&startPeriod=1998-12-21" ? "bbk-d-dem-aa-ac-000.csv" : nil }
        ),
        (
            "/webservices/FxRates/FxRates.asmx/getFxRates", "lb",
            { "lb-getfxrates-\(($0.url.query ?? "").dropFirst("dt=".count).prefix(10)).xml" }
        ),
        (
            "/data/v1/domains/29/datasets/23e0cdd56bddb4ad3016a9c3ad63a539/", "bdp",
            { request in
                let query = request.url.query ?? ""
                guard
                    query.hasPrefix("dim_cats=13:794&dim_cats=18:35&dim_cats=40:4263&lang=EN&obs_since=1998-12-28&obs_to=1998-12-31&page=")
                else { return nil }
                return "bdp-23e0cdd56bddb4ad3016a9c3ad63a539-\(query.suffix(1)).json"
            }
        ),
        ("/Markets/Official_exchange_rate/Exchage_rate_archive/", "bsh", { _ in "bsh-exchage-rate-archive.html" }),
        ("/Markets/Official_exchange_rate/", "bsh", { _ in "bsh-official-exchange-rate.html" }),
        ("/rc/doc/Kursi_i_kembimit_2024_29746.xlsx", "bsh", { _ in "bsh-kursi-i-kembimit-2024-29746.xlsx" }),
        ("/page/144", "cbi", { _ in "cbi-page.html" }),
        ("/static/uploads/up/file-177909880482668.xlsx", "cbi", { _ in "cbi-file-177909880482668.xlsx" }),
        ("/daily-exchange-rates", "cbs", { _ in "cbs-daily-exchange-rates.html" }),
        ("/media/Historical-Daily-Rates-June032026.xlsx", "cbs", { _ in "cbs-historical-daily-rates-june032026.xlsx" }),
        ("/tecajn/v2", "hnb", { $0.url.query == "datum-do=2022-12-31&datum-od=2022-12-31" ? "hnb-v2.json" : nil }),
        (
            "/external/np/fin/data/rms_mth.aspx", "imf",
            { request in
                let query = request.url.query ?? ""
                guard query.hasPrefix("SelectDate=2026-03-01&reportType="), query.hasSuffix("&tsvflag=Y") else { return nil }
                return query.contains("reportType=REP&") ? "imf-rms-mth-rep.tsv" : "imf-rms-mth-sdrcv.tsv"
            }
        ),
        (
            "/api/v2/data/dataflow/BIS/WS_XRU/1.0/M...E", "bis",
            { request in
                let query = request.url.query ?? ""
                guard request.headers.first(name: "Accept") == "application/vnd.sdmx.data+csv;version=1.0.0" else { return nil }
                return query.contains("ge:2025-01") && query.contains("le:2025-02") ? "bis-m-e-ge-2025-01-le-2025-02.csv" : nil
            }
        ),
        ("/index.php/en/exchange-rates", "rbv", { $0.url.query == "limit1=100000" ? "rbv-exchange-rates.html" : nil }),
        ("/API/DataAPI/Get", "cbc", { $0.url.query == "FileName=BP01D01" ? "cbc-get.json" : nil }),
        ("/exchange-rates", "dab", { "dab-exchange-rates-\(($0.url.query ?? "").dropFirst("field_date_value=".count).prefix(10)).html" }),
        (
            "/api/v1/getDataCode", "boj",
            {
                $0.url.query == "code=FXERD04,FXERD34&db=FM08&endDate=202603&format=json&lang=en&startDate=202603"
                    ? "boj-getdatacode.json" : nil
            }
        ),
        (
            "/admin/wp-json/bfm/cours_mid_en_ar_filter", "bfm",
            { request in
                let body = request.body.string ?? ""
                guard request.method == .POST, body.hasPrefix("dateFilterDebut=2026%2F09%2F21&dateFilterFin=2026%2F09%2F23&filterData=")
                else {
                    return nil
                }
                return "bfm-cours-mid-en-ar-filter-\(body.suffix(3)).json"
            }
        ),
        // A form whose token serves once: the page is read again before each day's POST.
        (
            "/english/economic_research/exchange_rate.php", "nbc",
            { request in
                guard request.method == .POST else { return "nbc-exchange-rate-1.html" }
                let body = request.body.string ?? ""
                let token = "tk=72hrRQfXOMayjp%2Ftt7BTMjX6Euwzifl4QK%2FbVHUhfPo%3D&exdate="
                return body.hasPrefix(token) ? "nbc-exchange-rate-\(body.dropFirst(token.count).prefix(10)).html" : nil
            }
        ),
        (
            "/webapps/web/cotizacion/monedas-historica", "bcp",
            { request in
                let query = request.url.query ?? ""
                return query.hasPrefix("anho=2024&moneda=") ? "bcp-monedas-historica-\(query.suffix(3).lowercased()).html" : nil
            }
        ),
        ("/marche-des-changes/cours-de-change", "bcccd", { $0.headers.first(name: "Rsc") == "1" ? "bcccd-cours-de-change.txt" : nil }),
        // A token first, then the table only with it.
        ("/SDDE/api/Bccr.GE.SDDE.IndicadoresSitioExterno.ServiciosUsuario.API/Token/GenereCSRF", "bccr", { _ in "bccr-generecsrf.txt" }),
        (
            "/SDDE/api/Bccr.GE.SDDE.IndicadoresSitioExterno.GrupoVariables.API/CuadroGrupoVariables/ObtenerDatosCuadro", "bccr",
            { request in
                let token = (try? CentralBanksStub.document("bccr-generecsrf.txt")).map { String(decoding: $0, as: UTF8.self) }
                return request.headers.first(name: "Token-Csrf") == token?.trimmingCharacters(in: .whitespacesAndNewlines)
                    ? "bccr-obtenerdatoscuadro.json" : nil
            }
        ),
        // A page that links the workbook (to the bank's own host, followed here).
        ("/statistics/economic-and-financial-statistics/", "rbf", { _ in "rbf-economic-and-financial-statistics.html" }),
        ("/wp-content/uploads/2026/05/8.8-Exchange-Rates-Daily-9.xlsx", "rbf", { _ in "rbf-8-8-exchange-rates-daily-9.xlsx" }),
        ("/data/docs/fmarkets/exrates/average_daily_exchange_rates.xlsx", "nrbt", { _ in "nrbt-average-daily-exchange-rates.xlsx" }),
        ("/donnees-historiques/", "boa", { _ in "boa-donnees-historiques.html" }),
        ("/stoodroa/2026/05/Cotation-DZD-2000-2026-journalier.xlsx", "boa", { _ in "boa-cotation-dzd-2000-2026-journalier.xlsx" }),
        // The feeds that need a key answer only with it.
        (
            "/cours/Version1/api/CoursVirement", "bam",
            { request in
                keyed(
                    request, "Ocp-Apim-Subscription-Key",
                    (request.url.query ?? "").dropFirst("date=".count).lowercased().replacingOccurrences(of: ":", with: "-")
                )
                .map { "bam-coursvirement-\($0).json" }
            }
        ),
        (
            "/SieAPIRest/service/v1/series/SF43718,SF46406,SF46407,SF46410,SF60632/datos/2026-03-02/2026-03-13", "banxico",
            { keyed($0, "Bmx-Token", "banxico-datos.json") }
        ),
        (
            "/SieteRestWS/SieteRestWS.ashx", "bcch",
            { request in
                let query = request.url.query ?? ""
                guard query.hasPrefix("firstdate=2026-03-02&function=GetSeries&lastdate=2026-03-13&timeseries="),
                    query.hasSuffix("&user=stand-in&pass=\(standInKey)")
                else { return nil }
                let series = query.split(separator: "&")[3].dropFirst("timeseries=".count)
                return "bcch-sieterestws-\(series.lowercased().replacingOccurrences(of: ".", with: "-")).json"
            }
        ),
        ("/Stat-ExchangeRate/v2/DAILY_AVG_EXG_RATE/", "bot", { keyed($0, "Authorization", "bot-daily-avg-exg-rate.json") }),
        ("/igmevdsms-dis/", "tcmb", { keyed($0, "key", "tcmb-series-tp-dk-aed-a-ytl-tp-dk-aed-s-ytl-t.json") }),
        (
            "/uk/api/exchange_rates/files/monthly_csv_", "hmrc",
            { request in
                let month = request.url.path.split(separator: "_").last?.replacingOccurrences(of: ".csv", with: "") ?? ""
                return ["2021-1", "2026-8", "2026-9"].contains(month) ? "hmrc-monthly-csv-\(month).csv" : nil
            }
        ),
        // HMRC's XML form, for the months before its CSV: January 2020 as HMRC served it.
        (
            "/api/v2/exchange_rates/files/monthly_xml_", "hmrc",
            { $0.url.path.hasSuffix("_2020-01.xml") ? "hmrc-exrates-monthly-0120.xml" : nil }
        ),
        ("/budg/inforeuro/api/public/monthly-rates", "inforeuro", { _ in "inforeuro-monthly-rates.json" }),
        // The BAZG's daily list, whichever day is asked (it names its own days), and the ESTV's newest month.
        ("/api/xmldaily", "bazg", { _ in "bazg-xmldaily-20260724.xml" }),
        ("/api/xmlavgmonth", "estv", { _ in "estv-xmlavgmonth-2026-08.xml" }),
        ("/services/api/fiscal_service/v1/accounting/od/rates_of_exchange", "ust", { _ in "ust-rates-of-exchange.json" }),
        // Last: every path starts with the BEAC's home page's.
        ("/", "beac", { $0.url.path == "/" ? "beac-doc.html" : nil }),
    ]

    /// An answer of this stand-in's own rather than a recorded file: a table of the currency
    /// after it, without rows.
    static let noRates = "(a table without rows)"

    /// The antiforgery cookie the Bank of Tanzania's form page sets.
    static let botaCookie = "c00k1e-of-the-form"

    /// The Banco Central del Uruguay's number of the currency each recorded answer is of, in the files' order.
    static let bcuFiles = [
        "2225", "1111", "1000", "0500", "2309", "1300", "4150", "5500", "1800", "5100", "4300", "5700", "2700", "4900", "3600", "5300",
        "5600",
        "4200", "4600", "1490", "4800", "4000", "5400", "1620", "5800", "5900", "4400",
    ]

    /// The key the keyed feeds are given here (`user:password` for the Banco Central de Chile's).
    static let standInKey = "k3y"
    static let keys: [RateSourceID: String] = [
        RateSource.bam.id: standInKey, RateSource.banxico.id: standInKey, RateSource.bcch.id: "stand-in:\(standInKey)",
        RateSource.bot.id: standInKey, RateSource.tcmb.id: standInKey,
    ]

    private static func keyed(_ request: Request, _ header: String, _ file: String) -> String? {
        request.headers.first(name: header) == standInKey ? file : nil
    }

    private static func soap(_ request: Request, _ action: String, _ file: String) -> String? {
        request.method == .POST && request.headers.first(name: "SOAPAction") == action
            && request.headers.contentType?.description.hasPrefix("text/xml") == true ? file : nil
    }

    static let providers: [RateSource] = [
        .cbu, .nbk, .nbt, .cbt, .nbg, .cbar, .nbm, .bnr, .bsh, .cbi, .cbs, .bcra, .fbil, .rb, .hkma, .banrep, .cbn, .bom, .cbk, .bna, .bcb,
        .nbrb, .bnm,
        .mnb,
        .cba, .dnb, .boi, .bdi, .bct, .bceao, .rbm, .cfets, .sbp, .bota, .cbsl, .cbe, .mas, .nbkr, .nbkrWeekly, .cbkkw, .bi, .sarb, .beac,
        .nbrm, .nbe, .nrb, .amcm, .banguat, .bcn, .bcrp, .bam, .banxico, .bcch, .bot, .tcmb, .cbm, .mma, .bnrrw, .bcc, .bob, .sbi, .bcu,
        .rbv, .cbc, .dab, .boj, .bfm, .nbc, .bcp, .bcccd, .bccr, .rbf, .nrbt, .boa, .hmrc, .inforeuro,
        .ust, .bazg, .estv, .imf, .bis, .bbk, .bdp, .hnb, .lb,
    ]

    static func start() async throws -> KitProvidersStub {
        _ = quietLogging
        let app = try await Application.make(.testing)
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = 0
        let requests = NIOLockedValueBox<[(provider: String, method: String, soapAction: String?, body: String)]>([])
        let answer: @Sendable (Request) async throws -> Response = { request in
            guard let route = routes.first(where: { request.url.path.hasPrefix($0.prefix) }) else { return Response(status: .notFound) }
            let body = request.body.string ?? ""
            requests.withLockedValue {
                $0.append((route.provider, request.method.rawValue, request.headers.first(name: "SOAPAction"), body))
            }
            guard let name = route.file(request),
                let data = name.hasPrefix(noRates)
                    ? Data("<table><tr><th>Date</th><th>KWD / \(name.suffix(3))</th></tr></table>".utf8)
                    : try? CentralBanksStub.document(name)
            else {
                return Response(status: route.provider == "bota" ? .internalServerError : .notFound)
            }
            var headers: HTTPHeaders = ["Content-Type": "application/json"]
            if route.provider == "bota", request.method == .GET {
                headers.add(name: "Set-Cookie", value: "__RequestVerificationToken=\(botaCookie); path=/; HttpOnly")
                headers.add(name: "Set-Cookie", value: "ASP.NET_SessionId=abc; expires=Wed, 21 Oct 2026 07:28:00 GMT; path=/")
            }
            return Response(status: .ok, headers: headers, body: .init(data: data))
        }
        app.on(.GET, .catchall, use: answer)
        app.on(.GET, use: answer) // the root, which a catch-all does not match
        app.on(.POST, .catchall, body: .collect(maxSize: "64kb"), use: answer)
        try await app.server.start(address: nil)
        let port = try #require(app.http.server.shared.localAddress?.port)
        return KitProvidersStub(app: app, requests: requests, port: port)
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// What `provider` was sent: each request's method, `SOAPAction` and body.
    func requests(_ provider: String) -> [(method: String, soapAction: String?, body: String)] {
        requests.withLockedValue { $0.filter { $0.provider == provider }.map { ($0.method, $0.soapAction, $0.body) } }
    }

    func stop() async throws {
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
}
