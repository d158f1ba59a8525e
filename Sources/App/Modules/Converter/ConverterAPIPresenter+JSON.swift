import Core
import Web

/// The conversion's JSON, written member by member (``JSONWritable``): the API's busiest answer.
/// Keys in the order Foundation sorts them; `APIJSONTests` checks each against its `Encodable`.
extension ConverterAPIPresenter.Conversion: JSONWritable {
    package func write(to json: inout JSONText) {
        json.record { json in
            json.member("alternatives", alternatives)
            json.member("amount", amount)
            json.member("askedDate", askedDate)
            json.member("effectiveDate", effectiveDate)
            json.member("from", from)
            json.member("historyLabel", historyLabel)
            json.member("historyURL", historyURL)
            json.member("inverseRate", inverseRate)
            json.member("inverseRateText", inverseRateText)
            json.member("rate", rate)
            json.member("rateText", rateText)
            json.member("ratesDate", ratesDate)
            json.member("receipt", receipt)
            json.member("result", result)
            json.member("source", source)
            json.member("summary", summary)
            json.member("to", to)
            json.member("url", url)
        }
    }
}

extension ConverterAPIPresenter.Alternative: JSONWritable {
    package func write(to json: inout JSONText) {
        json.record { json in
            json.member("currency", currency)
            json.member("name", name)
            json.member("result", result)
            json.member("url", url)
        }
    }
}

extension ConverterAPIPresenter.CurrencyItem: JSONWritable {
    package func write(to json: inout JSONText) {
        json.record { json in
            json.member("code", code)
            json.member("minorUnits", minorUnits)
            json.member("name", name)
        }
    }
}

extension ConverterAPIPresenter.Source: JSONWritable {
    package func write(to json: inout JSONText) {
        json.record { json in
            json.member("bundled", bundled)
            json.member("id", id)
            json.member("name", name)
            if let providers { json.member("providers") { $0.list(providers) } }
            json.member("url", url)
        }
    }
}

extension String: JSONWritable {
    package func write(to json: inout JSONText) { json.string(self) }
}
