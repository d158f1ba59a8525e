import Core
import Foundation
import ServiceInterfaces

/// Gathers what the About page tells: the app, its current rates' source, its source code.
package struct AboutInteractor: Sendable {
    package let rates: any CurrentRatesReading
    package let sourceCodeURL: String
    package let now: @Sendable () -> Date

    package init(rates: any CurrentRatesReading, sourceCodeURL: String, now: @escaping @Sendable () -> Date) {
        self.rates = rates
        self.sourceCodeURL = sourceCodeURL
        self.now = now
    }

    package func about() async -> About.Output {
        About.Output(
            appName: AppInfo.name, version: AppInfo.version,
            snapshot: await rates.currentSnapshot(),
            today: CalendarDate(containing: now()),
            sourceCodeURL: sourceCodeURL)
    }
}
