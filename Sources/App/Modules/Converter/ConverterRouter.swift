import Core
import Vapor

/// Where the converter sends the browser next.
package struct ConverterRouter: Sendable {
    /// 303 See Other to the canonical result page, so reloading never re-posts the form.
    package func showResult(_ conversion: LastConversion) -> Response {
        .seeOther(
            .conversion(
                from: conversion.from, to: conversion.to, amount: conversion.amount, date: conversion.date, source: conversion.source))
    }

    package init() {}
}
