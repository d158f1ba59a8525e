/// Turns what the About interactor found into the page's wording.
struct AboutPresenter: Sendable {
    func present(_ output: About.Output) -> About.ViewModel {
        About.ViewModel(
            title: "About · \(output.appName)",
            appName: output.appName,
            version: output.version,
            summary: "\(output.appName) converts an amount of money between currencies with the latest "
                + "reference exchange rates. Type an amount, pick two currencies and share the result’s "
                + "address with anyone. It is a server-rendered Swift web app that brings a well-known "
                + "iOS VIPER example to the web, one module per page.",
            rates: output.snapshot.map { RatesSourceViewModel(snapshot: $0, today: output.today) },
            sourceCodeURL: output.sourceCodeURL,
            closeURL: SiteURL.aboutClose.path)
    }
}
