import Core
import Foundation
import ServiceInterfaces
import Web

extension RateHistoryPresenter {
    /// Entries a pair's feed lists: its newest official days, newest first.
    static let feedEntries = 30

    /// The pair's Atom feed (RFC 4287) in `l`'s language: an entry per day of its source (the
    /// blend when the query names none), the rate as the page writes it and exactly to ten
    /// significant digits, linked to the converter on that day. Addresses are the site's own
    /// paths: a reader resolves them against the feed's, and no `Host` a client sends is
    /// written into an answer kept for everyone.
    func feed(_ output: RateHistory.Output, in l: Localization) -> String {
        let query = output.query ?? RateHistory.Query(from: output.from.code, to: output.to.code)
        let source = query.source ?? RateSourceID.blend
        let (from, to) = (output.from.code, output.to.code)
        let sourceName = RatesSourceViewModel.name(of: providers.source(source), in: l)
        let id = "urn:currency-converter:rates:\(source.rawValue):\(from):\(to)"
        let newest = output.points.suffix(Self.feedEntries).reversed()
        var xml = #"<?xml version="1.0" encoding="utf-8"?>"# + "\n"
        xml += #"<feed xmlns="http://www.w3.org/2005/Atom" xml:lang=""# + Self.xml(l.language.rawValue) + "\">\n"
        xml += "<title>" + Self.xml(l.text("{from} → {to}", ["from": from, "to": to]) + " · " + sourceName) + "</title>\n"
        xml += "<subtitle>" + Self.xml(l.text("Rates from: {source}", ["source": sourceName])) + "</subtitle>\n"
        xml += "<id>" + Self.xml(id) + "</id>\n"
        let feedPath = SiteURL.rateHistoryFeed(from: from, to: to, source: query.source).path
        xml += #"<link rel="self" type="application/atom+xml" href=""# + Self.xml(feedPath) + "\"/>\n"
        let pagePath = SiteURL.rateHistory(from: from, to: to, source: query.source).path
        xml += #"<link rel="alternate" type="text/html" href=""# + Self.xml(pagePath) + "\"/>\n"
        // A feed without entries is still updated when it was made: the day of its source's newest rate, or none at all.
        xml += "<updated>" + Self.timestamp(output.points.last?.date ?? CalendarDate(year: 1999, month: 1, day: 4)!) + "</updated>\n"
        xml += "<author><name>Currency Converter</name></author>\n"
        for point in newest {
            let exact = point.toRate.quotientText(dividingBy: point.fromRate, minimumFractionDigits: 0, significantDigits: 10)
            let written = l.number(point.toRate.rateText(dividedBy: point.fromRate))
            let day = l.date(point.date)
            let converter = SiteURL.conversion(from: from, to: to, amount: "1", date: point.date, source: query.source).path
            xml += "<entry>\n"
            xml += "<title>" + Self.xml("\(day): 1 \(from) = \(written) \(to)") + "</title>\n"
            xml += "<id>" + Self.xml("\(id):\(point.date)") + "</id>\n"
            xml += #"<link rel="alternate" type="text/html" href=""# + Self.xml(converter) + "\"/>\n"
            xml += "<updated>" + Self.timestamp(point.date) + "</updated>\n"
            xml += #"<content type="text">"# + Self.xml("\(l.text("{to} per {from}", ["to": to, "from": from])): \(exact)") + "</content>\n"
            xml += "</entry>\n"
        }
        xml += "</feed>\n"
        return xml
    }

    /// A day as Atom's date-time: its start, UTC.
    private static func timestamp(_ day: CalendarDate) -> String { "\(day)T00:00:00Z" }

    /// `text` as XML character data or an attribute's value (``XMLText/escaped(_:)``).
    static func xml(_ text: String) -> String { XMLText.escaped(text) }
}
