import Core
import Foundation
import Web

/// The About page: what the app is, where its rates come from, where its code lives, and a
/// Close link back to the visitor's last conversion.
enum About {
    struct Output: Sendable, Equatable {
        let appName: String
        let version: String
        /// `nil` while no rates have been stored.
        let snapshot: RateSnapshot?
        let today: CalendarDate
        let sourceCodeURL: String
    }

    /// What the page anonymous visitors get is made of: the rates and the day (its age is
    /// written on it).
    struct PageKey: CacheKey {
        let rates: String?
        let today: CalendarDate
    }

    /// What `about.leaf` renders.
    struct ViewModel: Encodable, Sendable, Equatable {
        let title: String
        let appName: String
        /// `version 1.4.0`
        let versionText: String
        let summary: String
        let rates: RatesSourceViewModel?
        /// Which day's rates the converter uses, and how old they are.
        let ratesText: String?
        let sourceCodeURL: String
        let closeURL: String
    }
}
