import Core

/// Every provider the app can fetch, each a ``ProviderDeclaration`` in a file of its own under
/// `Providers/`, in the order pages list them: the central banks (the first ten the app had,
/// then by region), the tax and customs authorities, the historical and international
/// publishers, and ExchangeRate-API. App builds its ``ProviderCatalog`` from these once at start.
package enum ProviderKit {
    package static let declarations: [ProviderDeclaration] = [
        .ecb, .boc, .cnb, .nbp, .nbpB, .cbr, .nb, .rba, .nbu, .boe,
        // Europe
        .bdi, .dnb, .rb, .mnb, .bnr, .nbrb, .nbm, .nbrm, .bsh, .sbi, .tcmb,
        // Central Asia and the Caucasus
        .cbu, .nbk, .nbkr, .nbkrWeekly, .nbt, .cbt, .nbg, .cbar, .cba, .dab,
        // The Middle East
        .boi, .cbkkw, .cbi,
        // Asia and the Pacific
        .cfets, .fbil, .sbp, .nrb, .cbsl, .mma, .hkma, .amcm, .cbc, .boj, .mas, .bnm, .bi, .bot, .cbm, .nbc, .bom, .rbv, .rbf, .nrbt,
        .cbs,
        // Africa
        .sarb, .cbn, .cbk, .bnrrw, .bota, .bob, .bfm, .bna, .cbe, .nbe, .bcccd, .bct, .boa, .bam, .bceao, .beac, .rbm,
        // The Americas
        .bcra, .bcb, .banrep, .bcrp, .bcch, .banxico, .bccr, .banguat, .bcn, .bcc, .bcu, .bcp,
        // Tax and customs authorities (``RateSource/Kind/taxAndCustoms``): never blended.
        .hmrc, .inforeuro, .ust, .bazg, .estv, .ictax, .ictaxMonthly, .ictaxMean,
        // Historical and international publishers (``RateSource/Kind/reference``): never blended.
        .imf, .bis, .bbk, .bdp, .hnb, .lb,
        // A company's feed (``RateSource/Kind/commercial``): never blended.
        .exchangeRateAPI,
    ]

    /// The catalogue of `declarations` (every one when not given).
    package static func catalog(_ declarations: [ProviderDeclaration] = declarations) -> ProviderCatalog {
        ProviderCatalog(declarations.map(\.source))
    }
}
