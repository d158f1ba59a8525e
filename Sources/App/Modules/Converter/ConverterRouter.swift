import Core

/// Where the converter sends the browser next.
struct ConverterRouter: Sendable {
    /// 303 See Other to the canonical result page, so reloading never re-posts the form.
    func showResult(_ conversion: LastConversion) -> Redirection {
        .seeOther(
            .conversion(
                from: conversion.from, to: conversion.to, amount: conversion.amount, date: conversion.date, source: conversion.source,
                side: conversion.side))
    }

    init() {}
}
