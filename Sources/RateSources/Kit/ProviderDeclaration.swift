import Core
import Foundation

/// A central bank's feed, declared: who publishes (its ``RateSource``: id, name, country, home
/// currency, which way it quotes, cadence and publication time), where its documents are and
/// how much one request may ask, and the one function that reads a document into dated rates.
/// Fetching, chunking a range into allowed requests, the size limit, validation, storage, the
/// admin's backfill, `<ID>_BASE_URL` and `/v2/providers` come from the kit
/// (``OfficialFeed``, ``OfficialRatesProvider``, App's refresher). docs/ARCHITECTURE.md,
/// "Adding a provider", walks through one.
package struct ProviderDeclaration: Sendable {
    package let source: RateSource
    /// The publisher's scheme and host (`https://cbu.uz`); `<ID>_BASE_URL` replaces it.
    package let origin: String
    package let documents: Documents
    package let parse: @Sendable (Data) throws(RatesProviderError) -> [FetchedRates]
    /// The first day its documents hold (`nil`: as far back as the ECB's history).
    package var firstDay: CalendarDate? = nil
    /// The fewest currencies one of its days may quote and be stored.
    package var minimumCurrencies = RatesValidator.minimumCurrencies
    /// The status it answers for a range without rates (the NBP's 404 "Brak danych").
    package var emptyStatus: Int? = nil

    /// How the publisher cuts its rates into documents; each gives a path and query under the origin.
    package enum Documents: Sendable {
        /// A run of days per document, at most `maxDays` long (the NBP: 93; ``unlimited`` for any).
        case range(maxDays: Int, @Sendable (ClosedRange<CalendarDate>) -> String)
        /// A document per day; `latest`, when the publisher has one, is its newest without a date.
        case day(latest: String?, @Sendable (CalendarDate) -> String)
        /// A document per calendar year.
        case year(@Sendable (Int) -> String)
        /// One document that holds every day.
        case whole(String)
    }
}

extension ProviderDeclaration {
    /// A range of a century: as long as any request asks.
    package static let unlimited = 36_600

    /// A day written the ways publishers' queries ask for one.
    package enum QueryDate {
        /// `2026-03-16`.
        package static func iso(_ date: CalendarDate) -> String { date.description }
        /// `20260316`.
        package static func compact(_ date: CalendarDate) -> String { date.description.replacingOccurrences(of: "-", with: "") }
        /// `16.03.2026`.
        package static func dotted(_ date: CalendarDate) -> String {
            "\(PublishedDate.twoDigits(date.day)).\(PublishedDate.twoDigits(date.month)).\(date.year)"
        }
        /// `16/03/2026`.
        package static func slashed(_ date: CalendarDate) -> String { dotted(date).replacingOccurrences(of: ".", with: "/") }
        /// `16032026`.
        package static func dayMonthYear(_ date: CalendarDate) -> String { dotted(date).replacingOccurrences(of: ".", with: "") }
    }
}
