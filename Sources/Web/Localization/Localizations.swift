import Foundation

/// Every language's ``Localization``, its translations read once from the app's resources
/// (`Resources/Translations/<code>.po`).
package struct Localizations: Sendable {
    package struct LoadingError: Error, CustomStringConvertible {
        package let description: String
    }

    private let byLanguage: [Language: Localization]

    package init(catalogs: [Language: TranslationCatalog]) {
        byLanguage = Dictionary(
            uniqueKeysWithValues: Language.allCases.map { ($0, Localization(language: $0, catalog: catalogs[$0] ?? .init(entries: [:]))) })
    }

    package subscript(language: Language) -> Localization { byLanguage[language]! }

    /// The translations shipped with the app; `configure` reads them first, so a broken file
    /// stops the app at start with the file and line, not on a visitor's page.
    package static let bundled: Result<Localizations, LoadingError> = {
        do throws(LoadingError) {
            return .success(try load())
        } catch {
            return .failure(error)
        }
    }()

    private static func load() throws(LoadingError) -> Localizations {
        var catalogs: [Language: TranslationCatalog] = [:]
        for language in Language.allCases where language != .en {
            guard let url = Bundle.module.url(forResource: language.rawValue, withExtension: "po", subdirectory: "Resources/Translations"),
                let text = try? String(contentsOf: url, encoding: .utf8)
            else { throw LoadingError(description: "Translations/\(language.rawValue).po is missing from the app's resources") }
            do {
                catalogs[language] = try TranslationCatalog(parsing: text)
            } catch {
                throw LoadingError(description: "Translations/\(language.rawValue).po, \(error)")
            }
        }
        return Localizations(catalogs: catalogs)
    }

    /// The bundled translations of `language` (``bundled`` has been read at start).
    package static func of(_ language: Language) -> Localization {
        switch bundled {
        case .success(let localizations): localizations[language]
        case .failure(let error): fatalError("\(error)")
        }
    }
}
