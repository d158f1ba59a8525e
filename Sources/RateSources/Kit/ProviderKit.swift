import Core

/// Every provider the kit declares: the first central banks (their sources are Core's), then
/// the rest by region, in the order the Source menu lists them.
package enum ProviderKit {
    package static let regions: [(region: RateSource.Region, providers: [ProviderDeclaration])] = [
        (.europe, [.bdi, .dnb, .rb, .mnb, .bnr, .nbrb, .nbm, .nbrm, .bsh, .sbi, .tcmb]),
        (.centralAsia, [.cbu, .nbk, .nbkr, .nbkrWeekly, .nbt, .cbt, .nbg, .cbar, .cba, .dab]),
        (.middleEast, [.boi, .cbkkw, .cbi]),
        (
            .asiaPacific,
            [
                .cfets, .fbil, .sbp, .nrb, .cbsl, .mma, .hkma, .amcm, .cbc, .boj, .mas, .bnm, .bi, .bot, .cbm, .nbc, .bom, .rbv, .rbf,
                .nrbt, .cbs,
            ]
        ),
        (.africa, [.sarb, .cbn, .cbk, .bnrrw, .bota, .bob, .bfm, .bna, .cbe, .nbe, .bcccd, .bct, .boa, .bam, .bceao, .beac, .rbm]),
        (.americas, [.bcra, .bcb, .banrep, .bcrp, .bcch, .banxico, .bccr, .banguat, .bcn, .bcc, .bcu, .bcp]),
    ]

    /// Tax and customs authorities' rates (``RateSource/Kind/taxAndCustoms``): never blended.
    package static let taxAndCustoms: [ProviderDeclaration] = [.hmrc, .inforeuro, .ust]

    /// Historical and international publishers (``RateSource/Kind/reference``): never blended.
    package static let reference: [ProviderDeclaration] = [.imf, .bis, .bbk, .bdp, .hnb, .lb]

    package static let declarations: [ProviderDeclaration] =
        [.boc, .cnb, .nbp, .nbpB, .cbr, .nb, .rba, .nbu, .boe] + regions.flatMap(\.providers) + taxAndCustoms + reference

    private static let byID = Dictionary(uniqueKeysWithValues: declarations.map { ($0.source.id, $0) })

    package static func declaration(of id: RateSourceID) -> ProviderDeclaration? { byID[id] }

    /// Makes the declared providers known to every layer (``RateSource/register(_:)``): App
    /// calls it before it reads its configuration.
    package static func register() {
        RateSource.register(
            regions.flatMap { region, providers in
                providers.map { declaration in
                    var source = declaration.source
                    source.region = region
                    return source
                }
            } + (taxAndCustoms + reference).map(\.source))
    }
}
