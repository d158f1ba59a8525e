import Core
import Foundation
import ServiceInterfaces

/// Gathers what the About page tells: the app, its current rates' source, its source code.
struct AboutInteractor: Sendable {
    let rates: any CurrentRatesReading
    let sourceCodeURL: String
    let now: @Sendable () -> Date

    func about() async -> About.Output {
        About.Output(
            appName: AppInfo.name, version: AppInfo.version,
            snapshot: await rates.currentSnapshot(),
            today: CalendarDate(containing: now()),
            sourceCodeURL: sourceCodeURL)
    }
}
