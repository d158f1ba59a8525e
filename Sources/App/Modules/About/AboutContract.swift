import Core
import Foundation
import Web

/// The About page: what the app is, where its rates come from, where its code lives, and a
/// Close link back to the visitor's last conversion.
package enum About {
    package struct Output: Sendable, Equatable {
        package let appName: String
        package let version: String
        /// `nil` while no rates have been stored.
        package let snapshot: RateSnapshot?
        package let today: CalendarDate
        package let sourceCodeURL: String

        package init(appName: String, version: String, snapshot: RateSnapshot?, today: CalendarDate, sourceCodeURL: String) {
            self.appName = appName
            self.version = version
            self.snapshot = snapshot
            self.today = today
            self.sourceCodeURL = sourceCodeURL
        }
    }

    /// What `about.leaf` renders.
    package struct ViewModel: Encodable, Sendable, Equatable {
        package let title: String
        package let appName: String
        /// `version 1.4.0`
        package let versionText: String
        package let summary: String
        package let rates: RatesSourceViewModel?
        /// Which day's rates the converter uses, and how old they are.
        package let ratesText: String?
        package let sourceCodeURL: String
        package let closeURL: String

        package init(
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
