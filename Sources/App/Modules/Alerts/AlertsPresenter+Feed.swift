import Core
import Foundation
import Web

extension AlertsPresenter {
    /// The user's Atom feed (RFC 4287): an entry per notice, newest first, titled as the page
    /// lists it, its text the watch and its condition, linked to the converter on that day.
    /// Addresses are paths (a reader resolves them against the feed's).
    func feed(_ notices: [AlertNotice], token: String, in l: Localization) -> String {
        let id = "urn:currency-converter:alerts:\(token.prefix(8))"
        var xml = #"<?xml version="1.0" encoding="utf-8"?>"# + "\n"
        xml += #"<feed xmlns="http://www.w3.org/2005/Atom" xml:lang=""# + XMLText.escaped(l.language.rawValue) + "\">\n"
        xml += "<title>" + XMLText.escaped("\(l.text("Rate alerts")) · \(l.text("Currency Converter"))") + "</title>\n"
        xml += "<id>" + XMLText.escaped(id) + "</id>\n"
        xml +=
            #"<link rel="self" type="application/atom+xml" href=""# + XMLText.escaped(SiteURL.Route.alertFeed.path(token + ".atom"))
            + "\"/>\n"
        xml += "<updated>" + Self.timestamp(notices.first?.createdAt ?? Date(timeIntervalSince1970: 0)) + "</updated>\n"
        xml += "<author><name>Currency Converter</name></author>\n"
        for notice in notices {
            let link = SiteURL.noticed(notice).path
            xml += "<entry>\n"
            xml += "<title>" + XMLText.escaped(headline(notice, in: l)) + "</title>\n"
            xml += "<id>" + XMLText.escaped("urn:currency-converter:alert-notice:\(notice.id.uuidString.lowercased())") + "</id>\n"
            xml += #"<link rel="alternate" type="text/html" href=""# + XMLText.escaped(link) + "\"/>\n"
            xml += "<updated>" + Self.timestamp(notice.createdAt) + "</updated>\n"
            let text = [pair(notice.from, notice.to, notice.source, in: l), condition(notice.condition, in: l)].joined(separator: " · ")
            xml += #"<content type="text">"# + XMLText.escaped(text) + "</content>\n"
            xml += "</entry>\n"
        }
        xml += "</feed>\n"
        return xml
    }

    private static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
