@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

/// The English pages' localization, which most presenter tests write in.
let en = Localizations.of(.en)

extension Converter.Outcome {
    /// The messages of an invalid outcome in canonical English, by field.
    var englishErrors: [Converter.Field: String] {
        if case .invalid(let errors) = self { return errors.mapValues(\.english) }
        return [:]
    }
}
