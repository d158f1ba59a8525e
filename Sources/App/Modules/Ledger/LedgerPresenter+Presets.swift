import Core
import Foundation
import Web

/// The presets' words: the "Country and purpose" menu and what each does, the receipt's preset
/// and its rates used, and the API's list.
extension LedgerPresenter {
    /// Rates used shown on the page; the receipt lists up to ``LedgerReceipt/ratesListed``.
    static let ratesShown = 50

    /// The menu: none (the source and rule chosen below), then each preset; one whose source has
    /// no rates here cannot be chosen.
    func presetChoices(_ output: Ledger.Output, in l: Localization) -> [Ledger.ViewModel.PresetChoice] {
        let available = Set(output.sources.map(\.id))
        let chosen = output.query.preset?.id
        let none = Ledger.ViewModel.PresetChoice(
            value: "none", label: l.text("None: choose the booking currency, source and rule below"), selected: chosen == nil,
            disabled: false, booking: "", source: "", rule: "", summary: "", guidanceTitle: "", guidanceURL: "")
        return [none]
            + LedgerPreset.all.map { preset in
                let usable = available.contains(preset.source)
                let label = "\(l.text(preset.name)) (\(preset.id))"
                return .init(
                    value: preset.id,
                    label: usable ? label : l.text(Message("{preset}: no rates stored yet", ["preset": .text(label)])),
                    selected: preset.id == chosen, disabled: !usable, booking: preset.booking, source: preset.source.rawValue,
                    rule: preset.rule.rawValue, summary: l.text(preset.summary), guidanceTitle: preset.guidance.title,
                    guidanceURL: preset.guidance.url)
            }
    }

    /// What each preset sets, for the list under the menu.
    func presetRows(in l: Localization) -> [Ledger.ViewModel.PresetRow] {
        LedgerPreset.all.map { preset in
            .init(
                id: preset.id, name: l.text(preset.name), booking: preset.booking,
                source: l.text(providers.source(preset.source).displayName)
                    + (preset.fallback.map { " + " + l.text(providers.source($0).displayName) } ?? ""),
                rule: "\(l.text(Self.label(of: preset.rule))) (\(preset.rule.rawValue))", summary: l.text(preset.summary),
                guidanceTitle: preset.guidance.title, guidanceURL: preset.guidance.url)
        }
    }

    /// The receipt's preset rows: which, what it follows and where that is published.
    func presetReceiptRows(_ receipt: LedgerReceipt, in l: Localization) -> [Ledger.ViewModel.ReceiptRow] {
        guard let preset = receipt.preset else { return [] }
        let name = LedgerPreset.withID(preset.id).map { l.text($0.name) } ?? preset.name
        return [
            .init(label: l.text("Preset"), value: "\(name) (\(preset.id))", url: nil),
            .init(label: l.text("Guidance"), value: preset.guidance, url: preset.guidanceURL),
        ]
    }

    /// The rates the lines used, as the page lists them (the first ``ratesShown``).
    func ratesUsed(_ receipt: LedgerReceipt, in l: Localization) -> [Ledger.ViewModel.RateUsed] {
        receipt.rates.prefix(Self.ratesShown).map { used in
            let period: String =
                switch (used.from, used.through) {
                case (let from?, let through?) where from != through: "\(l.date(from)) – \(l.date(through))"
                case (let from?, _): l.date(from)
                default: ""
                }
            return .init(
                currency: used.currency, period: period, rate: l.number(used.rate), rateDay: used.rateDay.map { l.date($0) } ?? "",
                source: used.source.rawValue, side: used.side.map { l.text($0.name) }, lines: l.number(String(used.lines)))
        }
    }

    /// Says how many of the receipt's rates the page shows, when not all.
    func ratesUsedNote(_ receipt: LedgerReceipt, in l: Localization) -> String? {
        let count = receipt.rates.count + receipt.ratesNotListed
        guard count > Self.ratesShown else { return nil }
        return l.text(
            "The first {shown} of {count} rates are shown; the receipt lists up to {listed}, and the converted file names each line’s rate and its day.",
            [
                "shown": l.number(String(Self.ratesShown)), "count": l.number(String(count)),
                "listed": l.number(String(LedgerReceipt.ratesListed)),
            ])
    }

    /// `GET /api/v1/ledger/presets`, in English as the API speaks.
    func presets(_ presets: [(preset: LedgerPreset, available: Bool)]) -> Ledger.PresetsDocument {
        Ledger.PresetsDocument(
            presets: presets.map { preset, available in
                .init(
                    id: preset.id, country: preset.country, name: preset.name.english, bookingCurrency: preset.booking,
                    source: preset.source.rawValue, fallbackSource: preset.fallback?.rawValue, rule: preset.rule.rawValue,
                    summary: preset.summary.english, guidance: .init(title: preset.guidance.title, url: preset.guidance.url),
                    available: available)
            },
            note: LedgerPreset.notTaxAdvice.english)
    }
}
