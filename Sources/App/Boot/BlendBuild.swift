import Core
import Foundation
import ServiceInterfaces

/// What a blend of every day depends on besides the days blended, in a few bytes: this build
/// of the executable (its size and when it was written, as every instance of one image shares)
/// and the blender's pegs and providers. A series kept in the database by another build or
/// configuration is not read back as this one's (``FluentBlendedSeriesStore/build``).
enum BlendBuild {
    static func identity(of blender: RateBlender, executable: String? = Bundle.main.executablePath) -> String {
        var parts = blender.pegs.map { "\($0.currency)/\($0.anchor)=\($0.rate)@\($0.since)" } + ["|"] + blender.providers.map(\.id.rawValue)
        if let executable, let attributes = try? FileManager.default.attributesOfItem(atPath: executable) {
            let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
            let written = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            parts.append("\(size)|\(written)")
        } else {
            // Without the executable's facts, nothing kept can be known to be this build's.
            parts.append(UUID().uuidString)
        }
        return BlendVersion.of(parts)
    }
}
