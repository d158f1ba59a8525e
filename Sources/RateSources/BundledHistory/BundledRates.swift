import Core
import Foundation

/// The rates that ship with the app: the ECB's complete euro reference history
/// (`Resources/ecb-eurofxref-hist.zip`, or the archive `BUNDLED_RATES_FILE` names), so the
/// converter works offline from the first start, with every business day since 1999.
package struct BundledRates: Sendable {
    package struct LoadingError: Error, CustomStringConvertible {
        package let description: String
    }

    /// The archive, in the ECB's `eurofxref-hist.zip` format.
    package let archive: URL

    package init(archive: URL) {
        self.archive = archive
    }

    /// The app's own copy of the ECB's history.
    package static func shipped() throws -> BundledRates {
        guard let url = Bundle.module.url(forResource: "ecb-eurofxref-hist", withExtension: "zip", subdirectory: "Resources") else {
            throw LoadingError(description: "ecb-eurofxref-hist.zip is missing from the app's resources")
        }
        return BundledRates(archive: url)
    }

    /// Every day of the archive, oldest first, as bundled ECB rates.
    package func days() throws -> [FetchedRates] {
        let csv = try self.csv()
        do {
            return try ECBHistoryArchive.days(csv: csv, source: RateSource.bundledECB.id)
        } catch {
            throw LoadingError(description: "the bundled rates at \(archive.path) cannot be used: \(error)")
        }
    }

    /// The archive's newest day, without reading the others: what the first start stores at once.
    package func newestDay() throws -> FetchedRates {
        let csv = try self.csv()
        do {
            return try ECBHistoryArchive.newestDay(csv: csv, source: RateSource.bundledECB.id)
        } catch {
            throw LoadingError(description: "the bundled rates at \(archive.path) cannot be used: \(error)")
        }
    }

    /// The archive's first and last days and how many it holds, without reading the others.
    package func span() throws -> ECBHistoryArchive.ArchiveSpan {
        let csv = try self.csv()
        do {
            return try ECBHistoryArchive.span(csv: csv)
        } catch {
            throw LoadingError(description: "the bundled rates at \(archive.path) cannot be used: \(error)")
        }
    }

    /// The largest archive file read: the ECB's 27 years are about 640 kB zipped.
    package static let maxArchiveBytes = 64 << 20

    private func csv() throws -> Data {
        let data: Data
        do {
            let size = try FileManager.default.attributesOfItem(atPath: archive.path)[.size] as? Int ?? 0
            guard size <= Self.maxArchiveBytes else {
                throw LoadingError(
                    description:
                        "the bundled rates at \(archive.path) cannot be used: the file is larger than \(Self.maxArchiveBytes >> 20) MB")
            }
            data = try Data(contentsOf: archive)
        } catch let error as LoadingError {
            throw error
        } catch {
            throw LoadingError(description: "cannot read the bundled rates at \(archive.path): \(error.localizedDescription)")
        }
        do {
            return try ECBHistoryArchive.csv(zip: data)
        } catch {
            throw LoadingError(description: "the bundled rates at \(archive.path) cannot be used: \(error)")
        }
    }
}
