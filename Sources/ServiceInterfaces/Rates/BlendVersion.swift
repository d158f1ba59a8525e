import Core
import Crypto
import Foundation

/// Names a blend's version by the versions of the days it blends, in a few bytes: the name is in
/// every key and validator of a page of the blend (the converter's, the API's, each request's),
/// where ninety providers' versions written out (some 5 KB) were hashed and copied per request.
package enum BlendVersion {
    package static func of(_ versions: some Sequence<String>) -> String {
        var hash = SHA256()
        for version in versions {
            hash.update(data: Data(version.utf8))
            hash.update(data: Data([0]))
        }
        return SecureToken.hex(hash.finalize().prefix(12))
    }
}
