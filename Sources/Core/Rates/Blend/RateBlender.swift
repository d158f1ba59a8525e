import Foundation

/// Blends the official providers' rates of a day into one set, the app's default source:
///
/// 1. **Which days count.** Each provider's newest day on or before the day asked for; the
///    blend's day is the newest of those, and a provider's day counts if it is at most
///    ``maximumAge`` days older (a weekly table stays in for its week; a provider that stopped
///    publishing drops out).
/// 2. **Rebasing.** Every quote becomes units of the currency per euro, through the provider's
///    own euro rate; a provider that does not quote the euro (the Polish table B) goes through
///    the blended rate of its home currency. When no provider quotes the euro, the first
///    provider's home currency is the pivot instead (table B alone is a blend in złoty).
///    A provider that republishes another's rates (the Banca d'Italia, the ECB's) counts only
///    for the currencies the other does not quote.
/// 3. **Screening.** Where at least ``minimumToScreen`` providers quote a currency, the quote
///    farthest from the median of the others' is dropped if it is more than ``threshold`` (2 %)
///    away, and again while at least three remain: one bad quote cannot drag the good ones out
///    with it, as a single pass over the median of the others would with three providers.
/// 4. **Combining.** The mean of the kept quotes, each weighted by its age: full weight up to
///    ``fullWeightAge`` days old (a weekend, a holiday), then half as much for each day more.
///    A single quote is the rate as published (rebased: a quotient of the provider's numbers, to
///    ``significantDigits``, like a mean).
/// 5. **Pegs.** A currency fixed to another by its issuer (``Peg``) takes the anchor's blended
///    rate times the peg, whatever the providers quote (their quotes are kept, marked `pegged`).
package struct RateBlender: Sendable {
    package static let base = "EUR"
    /// A quote further than this from the median of the others' is an outlier: 2 %.
    package static let threshold = Decimal(string: "0.02")!
    package static let minimumToScreen = 3
    package static let maximumAge = 7
    package static let fullWeightAge = 3
    package static let significantDigits = 12
    /// Units some central banks quote that are not money (precious metals, per troy ounce).
    package static let notCurrencies: Set<String> = ["XAU", "XAG", "XPT", "XPD"]

    package let pegs: [Peg]
    /// The providers it may blend, in the catalogue's order: quotes are listed in it.
    package let providers: [RateSource]
    private let order: [RateSourceID: Int]
    /// Each provider that republishes another's rates, and whose (``RateSource/republishes``).
    private let republished: [RateSourceID: RateSourceID]
    /// The providers that date a day's rates the day they take effect (``RateSource/datesAhead``).
    private let datingAhead: Set<RateSourceID>

    /// A blender of `providers`' rates (the catalogue's central banks), with `pegs`.
    package init(pegs: [Peg], providers: [RateSource]) {
        self.pegs = pegs
        self.providers = providers
        order = Dictionary(providers.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        republished = Dictionary(
            providers.compactMap { source in source.republishes.map { (source.id, $0) } }, uniquingKeysWith: { first, _ in first })
        datingAhead = Set(providers.filter(\.datesAhead).map(\.id))
    }

    /// The same providers without pegs, which no provider publishes (`/v2`'s `providers`).
    package var withoutPegs: RateBlender { RateBlender(pegs: [], providers: providers) }

    /// The blend of `snapshots` (any providers' days; the newest of each provider on or before
    /// `date` counts) for `date`; `nil` when no provider has a day in reach. `admittingAhead`
    /// (today's blend) also counts the next day's rates of a publisher that dates them ahead
    /// (``RateSource/datesAhead``): published today, they are its newest.
    package func blend(_ snapshots: [RateSnapshot], on date: CalendarDate, admittingAhead: Bool = false) -> BlendedDay? {
        var newest: [RateSourceID: RateSnapshot] = [:]
        let tomorrow = date.adding(days: 1)
        for snapshot in snapshots {
            let provider = snapshot.source.provider
            guard snapshot.effectiveDate <= date || (admittingAhead && datingAhead.contains(provider) && snapshot.effectiveDate == tomorrow)
            else { continue }
            if let kept = newest[provider], (kept.effectiveDate, kept.storedAt) >= (snapshot.effectiveDate, snapshot.storedAt) { continue }
            newest[provider] = snapshot
        }
        guard let newestDay = newest.values.map(\.effectiveDate).max() else { return nil }
        let day = min(newestDay, date)
        let providers = newest.filter { $0.value.effectiveDate.days(until: day) <= Self.maximumAge }
            .sorted { (order[$0.key] ?? .max, $0.key) < (order[$1.key] ?? .max, $1.key) }

        // The pivot: the euro when any provider quotes it; else the first provider's home
        // currency, so that a provider without a euro rate alone (the Polish table B) still
        // answers every pair it quotes.
        let base =
            providers.contains { $0.value.rates[Self.base] != nil } ? Self.base : providers.first?.value.baseCurrency ?? Self.base
        let counted = Dictionary(uniqueKeysWithValues: providers.map { ($0.key, $0.value) })
        var quotes: [String: [Quote]] = [:]
        var throughHome: [(id: RateSourceID, snapshot: RateSnapshot)] = []
        for (id, snapshot) in providers {
            guard snapshot.rates[base] != nil else {
                throughHome.append((id, snapshot))
                continue
            }
            // A republished figure counts once, as its original's (``RateSource/republishes``).
            let original = republished[id].flatMap { counted[$0] }
            let pivot = Pivot(snapshot, base)
            for code in snapshot.currencyCodes where code != base && !Self.notCurrencies.contains(code) && original?.rates[code] == nil {
                guard let rate = snapshot.rates[code] else { continue }
                quotes[code, default: []].append(pivot.quote(rate, snapshot.quotation(of: code), source: id, date: snapshot.effectiveDate))
            }
        }
        // A provider without a pivot rate goes through its home currency's rate from the others
        // (placed ones included: each pass places those whose home is known by then).
        var blended: [String: Combined] = [:]
        while let next = throughHome.firstIndex(where: {
            blended[$0.snapshot.baseCurrency] != nil || quotes[$0.snapshot.baseCurrency] != nil
        }) {
            let (id, snapshot) = throughHome.remove(at: next)
            let home = snapshot.baseCurrency
            if blended[home] == nil, let homeQuotes = quotes[home] { blended[home] = combine(homeQuotes, on: day) }
            guard let homePerBase = blended[home]?.rate else { continue }
            let homeParts = DecimalParts(homePerBase)
            for code in snapshot.currencyCodes where code != base && code != home && !Self.notCurrencies.contains(code) {
                guard let (numerator, denominator) = snapshot.ratio(from: home, to: code) else { continue }
                // The home currency's blended rate times the provider's quotient: integer steps
                // where the product fits 128 bits (`Decimal`'s product cost microseconds each).
                if let homeParts, let parts = DecimalParts(numerator), let divisor = DecimalParts(denominator),
                    let product = DecimalParts.productOfMagnitudes(homeParts, parts),
                    let quotient = product.quotient(dividingBy: divisor, significantDigits: Self.significantDigits),
                    let rate = quotient.decimal
                {
                    quotes[code, default: []].append(Quote(source: id, date: snapshot.effectiveDate, (rate, quotient)))
                    continue
                }
                let rate = (homePerBase * numerator).quotientWithParts(dividingBy: denominator, significantDigits: Self.significantDigits)
                quotes[code, default: []].append(Quote(source: id, date: snapshot.effectiveDate, rate))
            }
        }

        var rates: [String: BlendedRate] = [:]
        var outliers: [Outlier] = []
        func screenAndCombine(_ code: String, _ codeQuotes: [Quote]) {
            let combined = combine(codeQuotes, on: day)
            outliers += combined.outliers.map {
                Outlier(source: $0.source, currency: code, date: $0.date, value: $0.value, median: $0.median, deviation: $0.deviation)
            }
            rates[code] = BlendedRate(rate: combined.rate, quotes: combined.quotes)
        }
        let pegged = pegs.filter { $0.since <= day && !Self.notCurrencies.contains($0.currency) }
        let peggedCodes = Set(pegged.map(\.currency))
        for (code, codeQuotes) in quotes where !peggedCodes.contains(code) { screenAndCombine(code, codeQuotes) }
        // Anchors are never pegged themselves, so every anchor's rate is known by now.
        for peg in pegged {
            guard let anchor = peg.anchor == base ? 1 : rates[peg.anchor]?.rate else {
                if let codeQuotes = quotes[peg.currency] { screenAndCombine(peg.currency, codeQuotes) }
                continue
            }
            let overridden = (quotes[peg.currency] ?? []).map {
                ProviderQuote(source: $0.source, date: $0.date, rate: $0.rate, exclusion: .pegged)
            }
            rates[peg.currency] = BlendedRate(
                rate: peg.rate.product(anchor, significantDigits: Self.significantDigits), quotes: overridden, peg: peg)
        }
        let contributing = Set(rates.values.flatMap(\.contributors))
        outliers.sort { ($0.currency, order[$0.source] ?? .max) < ($1.currency, order[$1.source] ?? .max) }
        let sources = providers.map(\.key).filter(contributing.contains)
        return BlendedDay(
            date: day, base: base, rates: rates, outliers: outliers, sources: sources,
            isBundled: !sources.isEmpty && sources.allSatisfy { newest[$0]?.source == RateSource.bundledECB.id })
    }

    /// A provider's rate of the pivot, its parts read once for all its currencies' quotes.
    private struct Pivot {
        let rate: Decimal
        let way: Quotation
        let parts: DecimalParts?
        let isOne: Bool

        init(_ snapshot: RateSnapshot, _ base: String) {
            rate = snapshot.rates[base] ?? 1
            way = snapshot.quotation(of: base)
            parts = DecimalParts(rate)
            isOne = rate == 1
        }

        /// `rate`, written `way`, per unit of the pivot (``Quotation/ratio(from:_:to:_:)``): the
        /// published number where it is per pivot already, else the quotient to 12 digits.
        func quote(_ rate: Decimal, _ way: Quotation, source: RateSourceID, date: CalendarDate) -> Quote {
            if way == .unitsPerBase, self.way == .unitsPerBase, isOne { return Quote(source: source, date: date, rate: rate) }
            if way == .basePerUnit, self.way == .basePerUnit, let parts, let divisor = DecimalParts(rate), divisor.mantissa != 0,
                !divisor.isOne, let quotient = parts.quotient(dividingBy: divisor, significantDigits: RateBlender.significantDigits),
                let decimal = quotient.decimal
            {
                return Quote(source: source, date: date, (decimal, quotient))
            }
            let (numerator, denominator) = Quotation.ratio(from: self.rate, self.way, to: rate, way)
            return denominator == 1
                ? Quote(source: source, date: date, rate: numerator)
                : Quote(
                    source: source, date: date,
                    numerator.quotientWithParts(dividingBy: denominator, significantDigits: RateBlender.significantDigits))
        }
    }

    /// One provider's quote rebased to the euro: its published number, or a quotient of them to
    /// ``significantDigits`` (never a 38-digit `Decimal`, which every later step would pay for).
    private struct Quote {
        let source: RateSourceID
        let date: CalendarDate
        let rate: Decimal
        /// `rate` for the screening's and the mean's arithmetic.
        let exact: Exact

        init(source: RateSourceID, date: CalendarDate, rate: Decimal) {
            (self.source, self.date, self.rate, exact) = (source, date, rate, Exact(rate))
        }

        /// A quotient, with the parts its long division made where it made them.
        init(source: RateSourceID, date: CalendarDate, _ quotient: (quotient: Decimal, parts: DecimalParts?)) {
            (self.source, self.date, rate) = (source, date, quotient.quotient)
            exact =
                quotient.parts.map { Exact(parts: DecimalParts(mantissa: $0.mantissa, exponent: $0.exponent)) } ?? Exact(quotient.quotient)
        }
    }

    private struct Combined {
        let rate: Decimal
        let quotes: [ProviderQuote]
        let outliers: [(source: RateSourceID, date: CalendarDate, value: Decimal, median: Decimal, deviation: Decimal)]
    }

    /// Screens `quotes` and takes the weighted mean of the rest.
    ///
    /// A day has about 1,400 quotes and `Decimal` arithmetic is slow on Linux: the others'
    /// medians come from one sort per pass, and the arithmetic is exact integer steps on the
    /// rates' parts (``Exact``), deviations and the mean rounded quotients of one long division
    /// each (docs/BENCHMARKS.md, *Exact decimals by hand*; microbenchmark *BlendOneDayOfAllProviders*).
    private func combine(_ quotes: [Quote], on day: CalendarDate) -> Combined {
        // One quote (most currencies on most of 27 years' days): the rate as rebased, nothing to
        // screen or weigh; what the steps below come to, without their arrays.
        if quotes.count == 1 {
            let quote = quotes[0]
            return Combined(
                rate: quote.rate, quotes: [ProviderQuote(source: quote.source, date: quote.date, rate: quote.rate, exclusion: nil)],
                outliers: [])
        }
        let rates = quotes.map(\.exact)
        var exclusions = [ProviderQuote.Exclusion?](repeating: nil, count: quotes.count)
        var kept = Array(quotes.indices)
        var outliers: [(source: RateSourceID, date: CalendarDate, value: Decimal, median: Decimal, deviation: Decimal)] = []
        while kept.count >= Self.minimumToScreen {
            let sorted = kept.map { rates[$0] }.sorted()
            // Deviations (distance ÷ median) compared as cross products, exact and without a
            // division each: past the threshold when distance > median × 2 %, worse than another's
            // when distance × its median > its distance × median. Only the worst is divided.
            var worst: (index: Int, median: Exact, distance: Exact)?
            for index in kept {
                let median = Exact.median(of: sorted, without: rates[index])
                guard median.isPositive else { continue }
                let distance = rates[index].distance(to: median)
                guard distance > median * Self.exactThreshold else { continue }
                if let other = worst, !(distance * other.median > other.distance * median) { continue }
                worst = (index, median, distance)
            }
            guard let worst else { break }
            let deviation = worst.distance.quotient(dividingBy: worst.median, significantDigits: Self.deviationDigits)
                .rounded(toSignificantDigits: 4)
            let median = worst.median.decimal
            exclusions[worst.index] = .outlier(median: median.rounded(toSignificantDigits: Self.significantDigits), deviation: deviation)
            outliers.append((quotes[worst.index].source, quotes[worst.index].date, quotes[worst.index].rate, median, deviation))
            kept.removeAll { $0 == worst.index }
        }
        let rate: Decimal
        if kept.count == 1 {
            rate = quotes[kept[0]].rate
        } else {
            var sum = Exact.zero, weights = Exact.zero
            for index in kept {
                let age = quotes[index].date.days(until: day)
                let weight = age <= Self.fullWeightAge ? Self.one : Self.exactWeight(age: age)
                sum = sum + (age <= Self.fullWeightAge ? rates[index] : rates[index] * weight)
                weights = weights + weight
            }
            rate = sum.quotient(dividingBy: weights, significantDigits: Self.significantDigits)
        }
        let described = quotes.indices.map {
            ProviderQuote(source: quotes[$0].source, date: quotes[$0].date, rate: quotes[$0].rate, exclusion: exclusions[$0])
        }
        return Combined(rate: rate, quotes: described, outliers: outliers)
    }

    /// A deviation's precision before it is rounded to the four digits shown.
    private static let deviationDigits = 19
    private static let exactThreshold = Exact(threshold)

    /// Full weight up to ``fullWeightAge`` days old, then halved for each day more.
    package static func weight(age: Int) -> Decimal {
        guard age > fullWeightAge else { return 1 }
        let halvings = age - fullWeightAge
        return halvings < halved.count ? halved[halvings] : (0..<halvings).reduce(Decimal(1)) { weight, _ in weight / 2 }
    }

    private static let one = Exact(1)
    /// ``weight(age:)`` in the blend's arithmetic: the halvings as far as ``maximumAge`` reaches read once.
    private static func exactWeight(age: Int) -> Exact {
        let halvings = age - fullWeightAge
        return halvings < halvedExact.count ? halvedExact[halvings] : Exact(weight(age: age))
    }
    private static let halvedExact = halved.map(Exact.init)

    /// 1, ½, ¼, … as far as ``maximumAge`` reaches.
    private static let halved: [Decimal] = (0...maximumAge).map { halvings in
        (0..<halvings).reduce(Decimal(1)) { weight, _ in weight / 2 }
    }
}

/// A rate (never negative) in the blend's arithmetic: integer steps on its parts
/// (``DecimalParts``), `Decimal` arithmetic only where a mantissa would pass 128 bits.
private struct Exact: Comparable {
    let parts: DecimalParts

    static let zero = Exact(parts: DecimalParts(mantissa: 0, exponent: 0))
    private static let oneHalf = Exact(parts: DecimalParts(mantissa: 5, exponent: -1))

    init(parts: DecimalParts) { self.parts = parts }

    /// A rate's parts; a NaN (which no stored rate is) as zero, which the screening skips.
    init(_ value: Decimal) {
        parts = DecimalParts(value).map { DecimalParts(mantissa: $0.mantissa, exponent: $0.exponent) } ?? Exact.zero.parts
    }

    var decimal: Decimal { parts.decimal ?? 0 }
    var isPositive: Bool { parts.mantissa != 0 }

    static func < (a: Exact, b: Exact) -> Bool { DecimalParts.compareMagnitudes(a.parts, b.parts) < 0 }
    static func == (a: Exact, b: Exact) -> Bool { DecimalParts.compareMagnitudes(a.parts, b.parts) == 0 }

    static func + (a: Exact, b: Exact) -> Exact {
        DecimalParts.sumOfMagnitudes(a.parts, b.parts).map(Exact.init(parts:)) ?? Exact(a.decimal + b.decimal)
    }

    static func * (a: Exact, b: Exact) -> Exact {
        DecimalParts.productOfMagnitudes(a.parts, b.parts).map(Exact.init(parts:)) ?? Exact(a.decimal * b.decimal)
    }

    /// `|self − other|`.
    func distance(to other: Exact) -> Exact {
        DecimalParts.distanceOfMagnitudes(parts, other.parts).map(Exact.init(parts:)) ?? Exact(abs(decimal - other.decimal))
    }

    /// `self ÷ divisor` rounded to `significantDigits`, as `Decimal`.
    func quotient(dividingBy divisor: Exact, significantDigits: Int) -> Decimal {
        parts.quotient(dividingBy: divisor.parts, significantDigits: significantDigits)?.decimal
            ?? decimal.quotient(dividingBy: divisor.decimal, significantDigits: significantDigits)
    }

    /// The median of `sorted` (ascending) once one element equal to `value` is taken out: the
    /// median of the others, without sorting them again.
    static func median(of sorted: [Exact], without value: Exact) -> Exact {
        guard let removed = sorted.firstIndex(of: value), sorted.count > 1 else { return zero }
        let count = sorted.count - 1
        // The others' element at `position`: the sorted list's, past the one taken out.
        func other(_ position: Int) -> Exact { sorted[position < removed ? position : position + 1] }
        let middle = count / 2
        return count % 2 == 1 ? other(middle) : (other(middle - 1) + other(middle)) * oneHalf
    }
}
