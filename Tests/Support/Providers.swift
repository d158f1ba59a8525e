import Core
import RateSources

extension ProviderCatalog {
    /// Every provider the kit declares, as App builds its catalogue at start.
    package static let everyDeclared = ProviderKit.catalog()
}
