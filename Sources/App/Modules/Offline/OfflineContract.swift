import Core
import Foundation
import Web

/// Working without the network: the service worker that keeps the converter in the browser,
/// each source's latest rates as one compact document for it to keep, and the page that says a
/// page needs the server.
enum Offline {
    /// A source's latest rates, for converting in the browser.
    struct Output: Sendable, Equatable {
        let snapshot: RateSnapshot
        /// The source as a visitor chooses it (its id in `?source=`).
        let source: RateSource
        /// Each code's currency (minor units, name), in the snapshot's order.
        let currencies: [Currency]
        /// Until when a rate of a monthly or weekly publisher is offered, where it expires.
        let inForceUntil: CalendarDate?
        let today: CalendarDate
    }

    /// What a rates document is made of: its validator names it (with the build, which the
    /// document's shape and sentences come with).
    struct DocumentKey: CacheKey {
        let rates: String
        let source: RateSourceID
        let language: Language
    }

    /// Why there is no document to keep.
    enum Failure: Error, Equatable {
        /// `?source=` names no source with rates now.
        case noSuchSource(String)
        case ratesUnavailable
    }

    /// `/offline/rates.json`: everything the converter needs to convert as the server does,
    /// figure for figure, in one language. Rates are the snapshot's exact numbers as published
    /// (``RateSnapshot/rates``), crossed in the browser as ``Quotation/ratio(from:_:to:_:)`` does.
    struct RatesDocument: Encodable, Sendable, Equatable {
        /// Changes when the document's shape does; the worker drops documents of another.
        let format: Int
        let source: String
        let day: String
        let base: String
        /// Each code's rate, exact.
        let rates: [String: String]
        /// The codes whose rate is written as units of the base per unit of the currency.
        let basePerUnit: [String]
        /// Each code's minor units (`null`: none, results keep 8 digits) and name in the language.
        let currencies: [String: CurrencyEntry]
        /// "The same amount in" under a result, in order.
        let alternatives: [String]
        /// The last day its rate is offered (a monthly or weekly publisher's), else absent.
        let inForceUntil: String?
        let language: String
        let rightToLeft: Bool
        let decimalSeparator: String
        let groupingSeparator: String
        let texts: Texts
    }

    struct CurrencyEntry: Encodable, Sendable, Equatable {
        let minorUnits: Int?
        let name: String
    }

    /// The sentences the browser writes, in the document's language; `{name}` placeholders are
    /// filled in the browser (isolated on right-to-left pages, as ``Localization`` does).
    struct Texts: Encodable, Sendable, Equatable {
        let appName: String
        /// `{from} → {to}`.
        let names: String
        /// Says the page is offline, whose rates of which day it converts with.
        let notice: String
        let pastDayNeedsServer: String
        let sideNeedsServer: String
        /// `{code}`: a currency without a saved rate.
        let noRate: String
        let sourceNotSaved: String
        /// The source's rate expired (already filled in).
        let outOfForce: String?
    }

    /// What `offline.leaf` renders: the page the worker shows offline for a page that needs the server.
    struct PageViewModel: Encodable, Sendable, Equatable {
        let title: String
        let heading: String
        let message: String
        let converterURL: String
        let converterLabel: String
    }
}
