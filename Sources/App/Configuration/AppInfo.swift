import Core

/// The app's identity, shown on the About page and in the page titles.
package enum AppInfo {
    package static let name = "Currency Converter"
    package static let version = "1.0.0"
}
