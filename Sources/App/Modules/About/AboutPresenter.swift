import Core
import Web

/// Turns what the About interactor found into the page's wording, in the visitor's language.
struct AboutPresenter: Sendable {
    /// Names the rates' provider.
    let providers: ProviderCatalog

    func present(_ output: About.Output, in l: Localization) -> About.ViewModel {
        let appName = l.text("Currency Converter")
        let rates = output.snapshot.map { RatesSourceViewModel(snapshot: $0, today: output.today, catalog: providers, in: l) }
        return About.ViewModel(
            title: l.text("About · {app}", ["app": appName]),
            appName: appName,
            versionText: l.text("version {version}", ["version": output.version]),
            summary: l.text(
                "{app} converts an amount of money between currencies with the latest reference exchange rates. "
                    + "Type an amount, pick two currencies and share the result’s address with anyone. It is a "
                    + "server-rendered Swift web app that brings a well-known iOS VIPER example to the web, one module per page.",
                ["app": appName]),
            rates: rates,
            ratesText: rates.map { rates in
                rates.isBundled
                    ? l.text(
                        "Rates of {day} ({age}): the snapshot bundled with the app, so it works offline. An administrator can fetch current rates.",
                        ["day": rates.dateText, "age": rates.age])
                    : l.text("Rates of {day} ({age}).", ["day": rates.dateText, "age": rates.age])
            },
            sourceCodeURL: output.sourceCodeURL,
            closeURL: SiteURL.aboutClose.path)
    }
}
