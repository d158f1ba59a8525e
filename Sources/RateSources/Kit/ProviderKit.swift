import Core

/// Every provider the kit declares, in the order the pages list them after the ECB.
package enum ProviderKit {
    package static let declarations: [ProviderDeclaration] = [
        .boc, .cnb, .nbp, .nbpB, .cbr, .nb, .rba, .nbu, .boe,
        // Europe
        .bdi, .dnb, .rb, .mnb, .bnr, .nbrb, .nbm,
        // Central Asia and the Caucasus
        .cbu, .nbk, .nbt, .cbt, .nbg, .cbar, .cba,
        // The Middle East
        .boi,
        // Asia
        .cfets, .fbil, .hkma, .bnm, .bom,
        // Africa
        .cbn, .cbk, .bna, .bct, .bceao, .rbm,
        // The Americas
        .bcra, .bcb, .banrep,
    ]

    private static let byID = Dictionary(uniqueKeysWithValues: declarations.map { ($0.source.id, $0) })

    package static func declaration(of id: RateSourceID) -> ProviderDeclaration? { byID[id] }

    /// Makes the declared providers known to every layer (``RateSource/register(_:)``): App
    /// calls it before it reads its configuration.
    package static func register() { RateSource.register(declarations.map(\.source)) }
}
