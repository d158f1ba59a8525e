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

        init(appName: String, version: String, snapshot: RateSnapshot?, today: CalendarDate, sourceCodeURL: String) {
            self.appName = appName
            self.version = version
            self.snapshot = snapshot
            self.today = today
            self.sourceCodeURL = sourceCodeURL
        }
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

        init(
            title: String, appName: String, versionText: String, summary: String, rates: RatesSourceViewModel?, ratesText: String?,
            sourceCodeURL: String, closeURL: String
        ) {
            self.title = title
            self.appName = appName
            self.versionText = versionText
            self.summary = summary
            self.rates = rates
            self.ratesText = ratesText
            self.sourceCodeURL = sourceCodeURL
            self.closeURL = closeURL
        }
    }
}
