import Core

/// The app's identity, shown on the About page and in the page titles.
enum AppInfo {
    static let name = "Currency Converter"
    static let version = "1.0.0"
}
