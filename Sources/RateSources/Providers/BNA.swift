import Core
import Foundation

extension RateSource {
    package static let bna = official(
        "bna", "Banco Nacional de Angola", website: "https://www.bna.ao/Conteudos/Mercados/listaTaxasCambioReferencia.aspx",
        home: "AOA", quotation: .basePerUnit, country: "AO", rateType: "reference rate (mid)", region: .africa,
        terms: "https://www.bna.ao/",
        publishes: .init(hour: 16, minute: 0, timeZone: "Africa/Luanda"))
}

extension ProviderDeclaration {
    /// `{"genericResponse": [{"taxa": 913.116, "data": "2026-05-19", "codigoMoeda": "USD",
    /// "tipoCambio": "M"}], "success": true}`: kwanzas per unit, the mid rate. The service is
    /// meant to be asked one currency at a time, but `moeda=ALL` (the lek's code) answers every
    /// currency, the lek among them: one request for a run of days. Some codes are older than the
    /// currencies they stand for, as their values against the dollar show: `STD` is the new
    /// dobra (`STN`), `VEF` the bolívar of today (`VES`), `ZMK` the old kwacha, a thousandth of
    /// today's (`ZMW`, exactly ×1000). Left out: the kroon and the kuna, still listed at their
    /// fixed euro conversions; gold (`OURO`, 4,565 on a day the dollar is 913: not in kwanzas);
    /// `XDRUSD`, a cross.
    static let bna = ProviderDeclaration(
        source: .bna, origin: "https://www.bna.ao",
        documents: .range(maxDays: 366) {
            "/service/rest/taxas/get/evolucao/taxa/intervalo?datafim=\($0.upperBound)&datainicio=\($0.lowerBound)&moeda=ALL&tipocambio=M"
        },
        parse: { data throws(RatesProviderError) in
            struct Document: Decodable {
                let genericResponse: [Row]
                let success: Bool
            }
            struct Row: Decodable {
                let taxa: Decimal
                let data: String
                let codigoMoeda: String
                let tipoCambio: String
            }
            let document = try PublishedJSON.decode(Document.self, from: data, what: "Banco Nacional de Angola rates")
            guard document.success else { throw .providerError("the answer says it did not succeed") }
            var days = PublishedDays(.bna)
            for row in document.genericResponse where row.tipoCambio == "M" && !["EEK", "HRK", "XAU"].contains(row.codigoMoeda) {
                let code = ["STD": "STN", "VEF": "VES", "ZMK": "ZMW"][row.codigoMoeda] ?? row.codigoMoeda
                guard Currency.isWellFormedCode(code) else { continue }
                guard let date = CalendarDate(iso8601: row.data) else { throw .unreadable("\(code) is dated \(row.data.prefix(20))") }
                try days.add(code, code == "ZMW" ? row.taxa * 1000 : row.taxa, on: date)
            }
            return try days.fetched()
        })
}
