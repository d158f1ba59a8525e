import Crypto
import Foundation

/// Signing as the Standard Webhooks specification says (standardwebhooks.com): the secret is
/// `whsec_` and the base64 of its key; the signature is `v1,` and the base64 of the HMAC-SHA256
/// of `{webhook-id}.{webhook-timestamp}.{body}` under that key.
package enum StandardWebhook {
    package static let secretPrefix = "whsec_"

    /// A new secret: 24 random bytes (192 bits; the specification asks for 24 to 64).
    package static func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        let key = (0..<24).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return secretPrefix + Data(key).base64EncodedString()
    }

    /// The `webhook-signature` header's value; `nil` for a secret not of that form.
    package static func signature(id: String, timestamp: Int, body: [UInt8], secret: String) -> String? {
        guard secret.hasPrefix(secretPrefix), let key = Data(base64Encoded: String(secret.dropFirst(secretPrefix.count))), !key.isEmpty
        else { return nil }
        var signed = Data("\(id).\(timestamp).".utf8)
        signed.append(contentsOf: body)
        let code = HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: key))
        return "v1," + Data(code).base64EncodedString()
    }
}
