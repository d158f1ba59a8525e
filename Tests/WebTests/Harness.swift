@testable import Web

/// The English pages' localization.
let en = Localizations.of(.en)
