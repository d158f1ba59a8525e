// Converting in the browser, offline, exactly as the server does (progressive enhancement).
//
// The service worker keeps each source's latest rates as one document (`/offline/rates.json`,
// written by the server in the page's language). From it this script makes the same texts as a
// result page: the amount as a decimal number, the result truncated toward zero to the target's
// minor units (8 digits for a unit without any), each rate rounded half away from zero to four
// decimals or four significant digits below 0.001, grouped with the language's separators. The
// arithmetic is exact (BigInt integers, as the server's 128-bit route): a rate is the quotient
// of two published numbers, or their product where a publisher writes them different ways.
(function () {
  "use strict";

  if (typeof BigInt !== "function") return;

  var TEN = BigInt(10);
  var ZERO = BigInt(0);

  // "1.0876" → { digits: 10876n, exponent: -4 }.
  function decimal(text) {
    var match = /^(\d*)(?:\.(\d*))?$/.exec(text);
    if (!match || (match[1] + (match[2] || "")) === "") return null;
    var fraction = match[2] || "";
    return { digits: BigInt((match[1] + fraction) || "0"), exponent: -fraction.length };
  }

  function power(exponent) {
    return TEN ** BigInt(exponent);
  }

  // One unit of `from` in `to`, as numerator and denominator (decimals), crossing through the
  // base, each rate written its own way (the server's Quotation.ratio).
  function ratio(rates, from, to) {
    var fromRate = decimal(rates.rates[from]), toRate = decimal(rates.rates[to]);
    if (!fromRate || !toRate) return null;
    var fromPerUnit = rates.basePerUnit.indexOf(from) !== -1, toPerUnit = rates.basePerUnit.indexOf(to) !== -1;
    var one = { digits: BigInt(1), exponent: 0 };
    function product(a, b) { return { digits: a.digits * b.digits, exponent: a.exponent + b.exponent }; }
    if (!fromPerUnit && !toPerUnit) return [toRate, fromRate];
    if (fromPerUnit && toPerUnit) return [fromRate, toRate];
    if (fromPerUnit) return [product(fromRate, toRate), one];
    return [one, product(fromRate, toRate)];
  }

  // value × numerator ÷ denominator × 10^places as two integers.
  function scaled(value, numerator, denominator, places) {
    var shift = value.exponent + numerator.exponent - denominator.exponent + places;
    var top = value.digits * numerator.digits, bottom = denominator.digits;
    return shift >= 0 ? [top * power(shift), bottom] : [top, bottom * power(-shift)];
  }

  // An integer count of 10^-places as plain text with exactly `places` decimals.
  function fixed(units, places) {
    var digits = units.toString();
    if (places === 0) return digits;
    while (digits.length <= places) digits = "0" + digits;
    return digits.slice(0, digits.length - places) + "." + digits.slice(digits.length - places);
  }

  // Plain text without trailing zeros after the point (Decimal's `plainText`).
  function plain(text) {
    if (text.indexOf(".") === -1) return text;
    return text.replace(/0+$/, "").replace(/\.$/, "");
  }

  // numerator ÷ denominator (positive integers) to four decimals, or four significant digits
  // below 0.001, rounded half away from zero, trailing zeros dropped: the server's rate text.
  function rateText(numerator, denominator) {
    var whole = numerator / denominator, remainder = numerator % denominator;
    var digits = whole.toString().split("").map(Number);
    var wholeCount = digits.length;
    var significant = whole > ZERO;
    var places = significant ? Math.max(4, 4 - wholeCount) : 4;
    var fraction = [];
    while (fraction.length < places || (!significant && remainder !== ZERO)) {
      if (fraction.length >= 60) break;
      remainder *= TEN;
      var digit = remainder / denominator;
      remainder %= denominator;
      fraction.push(Number(digit));
      if (!significant && digit !== ZERO) {
        significant = true;
        places = Math.max(4, fraction.length - 1 + 4);
      }
    }
    var next = fraction.length > places ? fraction[places] : Number(remainder * TEN / denominator);
    digits = digits.concat(fraction.slice(0, Math.min(places, fraction.length)));
    if (next >= 5) {
      var index = digits.length - 1;
      while (index >= 0 && digits[index] === 9) digits[index--] = 0;
      if (index >= 0) digits[index] += 1;
      else { digits.unshift(1); wholeCount += 1; }
    }
    var end = digits.length;
    while (end > wholeCount && digits[end - 1] === 0) end -= 1;
    var text = digits.slice(0, wholeCount).join("");
    return end > wholeCount ? text + "." + digits.slice(wholeCount, end).join("") : text;
  }

  // A plain number in the document's language: `36,295.5`, `36.295,5`, `36 295,5`.
  function number(rates, text) {
    var point = text.indexOf(".");
    var whole = point === -1 ? text : text.slice(0, point);
    var grouped = "";
    for (var index = 0; index < whole.length; index += 1) {
      if (index > 0 && (whole.length - index) % 3 === 0) grouped += rates.groupingSeparator;
      grouped += whole.charAt(index);
    }
    return point === -1 ? grouped : grouped + rates.decimalSeparator + text.slice(point + 1);
  }

  // `{name}` placeholders filled, each value isolated on right-to-left pages.
  function fill(rates, format, values) {
    return format.replace(/\{([a-zA-Z]+)\}/g, function (whole, name) {
      if (!(name in values)) return whole;
      return rates.rightToLeft ? "\u2068" + values[name] + "\u2069" : values[name];
    });
  }

  // The typed amount by the server's rules: digits, one point (a comma is one), no leading
  // zeros, at most 15 digits before it and 8 after; `null` when it is not an amount.
  function amount(typed) {
    var text = typed.trim().replace(",", ".");
    var match = /^(\d{0,15})(?:\.(\d{0,8}))?$/.exec(text);
    if (!match || (match[1] === "" && !match[2]) || (match[1].length > 1 && match[1].charAt(0) === "0")) return null;
    var canonical = (match[1] || "0") + (match[2] ? "." + match[2] : "");
    return { canonical: canonical, value: decimal(canonical), text: plain(canonical) };
  }

  function result(rates, value, from, to) {
    var pair = ratio(rates, from, to);
    if (!pair) return null;
    var minorUnits = rates.currencies[to] ? rates.currencies[to].minorUnits : null;
    var places = minorUnits === null || minorUnits === undefined ? 8 : minorUnits;
    var parts = scaled(value, pair[0], pair[1], places);
    var text = fixed(parts[0] / parts[1], places);
    return minorUnits === null || minorUnits === undefined ? plain(text) : text;
  }

  function rateLine(rates, from, to) {
    var pair = ratio(rates, from, to);
    var parts = scaled({ digits: BigInt(1), exponent: 0 }, pair[0], pair[1], 0);
    return "1 " + from + " = " + number(rates, rateText(parts[0], parts[1])) + " " + to;
  }

  function name(rates, code) {
    return rates.currencies[code] ? rates.currencies[code].name : code;
  }

  // What a result page shows for `typed` `from` → `to` with `rates`: its texts, or which field
  // cannot be converted and why, or `null` for no amount.
  function convert(rates, typed, from, to) {
    if (!rates.rates[from]) return { field: "from", message: fill(rates, rates.texts.noRate, { code: from }) };
    if (!rates.rates[to]) return { field: "to", message: fill(rates, rates.texts.noRate, { code: to }) };
    var parsed = amount(typed);
    if (!parsed) return null;
    var summary = number(rates, parsed.text) + " " + from + " = " + number(rates, result(rates, parsed.value, from, to)) + " " + to;
    return {
      canonicalAmount: parsed.canonical,
      summary: summary,
      title: (rates.rightToLeft ? "\u2068" + summary + "\u2069" : summary) + " · " + rates.texts.appName,
      names: fill(rates, rates.texts.names, { from: name(rates, from), to: name(rates, to) }),
      rate: rateLine(rates, from, to),
      inverseRate: rateLine(rates, to, from),
      alternatives: rates.alternatives.filter(function (code) {
        return code !== from && code !== to && rates.rates[code];
      }).map(function (code) {
        return { code: code, text: number(rates, result(rates, parsed.value, from, code)) + " " + code, name: name(rates, code) };
      })
    };
  }

  window.OfflineConverter = { convert: convert };
})();
