/// Why a watch's webhook was switched off, as stored: a kind and its detail, which the owner's
/// page words in their language.
package enum AlertSwitchOff {
    package static func refused(_ reason: String) -> String { "refused|" + reason }
    package static func failing(_ notices: Int, _ reason: String) -> String { "failing|\(notices)|" + reason }
}
