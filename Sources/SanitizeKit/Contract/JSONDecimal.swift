/// An exact decimal read from JSON number text: `±digits × 10^exponent`.
///
/// Digits carry no leading or trailing zeros (trailing zeros move into the exponent), so equal
/// values have equal representations: `1`, `1.0` and `10e-1` are the same decimal. Exponents
/// saturate at ±10¹⁵, far past any value a Double or a schema can distinguish.
struct JSONDecimal: Hashable, Sendable {
    var negative: Bool
    /// Significant digits as values 0…9, most significant first; empty for zero.
    var digits: [UInt8]
    var exponent: Int

    static let exponentLimit = 1_000_000_000_000_000

    static let zero = JSONDecimal(negative: false, digits: [], exponent: 0)

    var isZero: Bool { digits.isEmpty }

    /// Whether the value has no fractional part.
    var isInteger: Bool { digits.isEmpty || exponent >= 0 }

    /// Parses text that already passed the JSON number grammar.
    init?(text: UnsafeRawBufferPointer) {
        var index = 0
        let count = text.count
        negative = false
        digits = []
        exponent = 0
        guard count > 0 else { return nil }
        if text[0] == 0x2D {
            negative = true
            index = 1
        }
        var fractionDigits = 0
        var seenPoint = false
        var all: [UInt8] = []
        all.reserveCapacity(count)
        while index < count {
            let byte = text[index]
            if byte == 0x2E {
                seenPoint = true
            } else if byte &- 0x30 < 10 {
                all.append(byte - 0x30)
                if seenPoint { fractionDigits += 1 }
            } else {
                break
            }
            index += 1
        }
        var exp = 0
        if index < count, text[index] | 0x20 == 0x65 {
            index += 1
            var expNegative = false
            if index < count, text[index] == 0x2B || text[index] == 0x2D {
                expNegative = text[index] == 0x2D
                index += 1
            }
            while index < count, text[index] &- 0x30 < 10 {
                if exp < JSONDecimal.exponentLimit { exp = exp * 10 + Int(text[index] - 0x30) }
                index += 1
            }
            if expNegative { exp = -exp }
        }
        guard !all.isEmpty else { return nil }
        // Strip leading zeros.
        var first = 0
        while first < all.count && all[first] == 0 { first += 1 }
        var last = all.count
        var trailing = 0
        while last > first && all[last - 1] == 0 {
            last -= 1
            trailing += 1
        }
        if first == last {
            negative = false
            return
        }
        digits = Array(all[first..<last])
        exponent = exp - fractionDigits + trailing
    }

    init(negative: Bool, digits: [UInt8], exponent: Int) {
        self.negative = negative
        self.digits = digits
        self.exponent = exponent
    }

    /// Parses a number's text from a string.
    init?(_ text: String) {
        var text = text
        guard let value = text.withUTF8({ JSONDecimal(text: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = value
    }

    /// Compares magnitudes: -1, 0, 1.
    static func compareMagnitude(_ a: JSONDecimal, _ b: JSONDecimal) -> Int {
        if a.isZero || b.isZero { return a.isZero ? (b.isZero ? 0 : -1) : 1 }
        let orderA = a.digits.count + a.exponent
        let orderB = b.digits.count + b.exponent
        if orderA != orderB { return orderA < orderB ? -1 : 1 }
        let n = max(a.digits.count, b.digits.count)
        for i in 0..<n {
            let da = i < a.digits.count ? a.digits[i] : 0
            let db = i < b.digits.count ? b.digits[i] : 0
            if da != db { return da < db ? -1 : 1 }
        }
        return 0
    }

    /// Exact comparison: -1, 0, 1.
    static func compare(_ a: JSONDecimal, _ b: JSONDecimal) -> Int {
        if a.negative != b.negative { return a.negative ? -1 : 1 }
        let magnitude = compareMagnitude(a, b)
        return a.negative ? -magnitude : magnitude
    }

    /// Whether `self` is an integer multiple of `divisor` (> 0), exactly.
    ///
    /// With normalized digits, `a = ma·10^ea`, `b = mb·10^eb`, and `ma` not ending in 0: when
    /// `ea < eb`, `a/b` has a factor 10^(eb-ea) that `ma` cannot cancel, so only 0 is a multiple;
    /// otherwise `a` is a multiple when `ma·10^(ea-eb) ≡ 0 (mod mb)`, computed with modular
    /// exponentiation so `1e308` or `1e1000000` take microseconds.
    func isMultiple(of divisor: JSONDecimal) -> Bool {
        if isZero { return true }
        if divisor.isZero { return false }
        if exponent < divisor.exponent { return false }
        guard divisor.digits.count <= 18 else {
            // A divisor with more than 18 significant digits: no exact path; use Double.
            let quotient = (Double(description) ?? 0) / (Double(divisor.description) ?? 1)
            return quotient.isFinite && quotient == quotient.rounded()
        }
        var modulus: UInt64 = 0
        for d in divisor.digits { modulus = modulus * 10 + UInt64(d) }
        if modulus == 1 { return true }
        var remainder: UInt64 = 0
        for d in digits { remainder = JSONDecimal.mulmod(remainder, 10, modulus) &+ UInt64(d) % modulus; remainder %= modulus }
        let power = JSONDecimal.powmod(10, UInt64(exponent - divisor.exponent), modulus)
        return JSONDecimal.mulmod(remainder, power, modulus) == 0
    }

    static func mulmod(_ a: UInt64, _ b: UInt64, _ m: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return m.dividingFullWidth((product.high % m, product.low)).remainder
    }

    static func powmod(_ base: UInt64, _ exponent: UInt64, _ m: UInt64) -> UInt64 {
        var result: UInt64 = 1 % m
        var base = base % m
        var e = exponent
        while e > 0 {
            if e & 1 == 1 { result = mulmod(result, base, m) }
            base = mulmod(base, base, m)
            e >>= 1
        }
        return result
    }

    /// Scientific text such as `-12e-3` (or `0`).
    var description: String {
        if isZero { return "0" }
        return (negative ? "-" : "") + digits.map { String($0) }.joined() + "e" + String(exponent)
    }

    /// The value as an Int64 when it is an integer that fits, else nil.
    var int64: Int64? {
        guard isInteger else { return nil }
        if isZero { return 0 }
        guard digits.count + exponent <= 18 else { return nil }
        var value: Int64 = 0
        for d in digits { value = value * 10 + Int64(d) }
        for _ in 0..<exponent { value *= 10 }
        return negative ? -value : value
    }

    static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// The value of number text as a Double, without allocating, when the conversion is exact
    /// and order-preserving: at most 15 significant digits and a decimal exponent within ±22
    /// (Clinger's fast path: `m × 10^e` or `m / 10^-e` with both exactly representable, so the
    /// result is correctly rounded and distinct decimals of ≤ 15 digits stay distinct).
    /// - Returns: the Double, or nil when the text needs the exact decimal path.
    static func exactDouble(_ text: UnsafeRawBufferPointer) -> Double? {
        var index = 0
        let count = text.count
        var negative = false
        if count > 0, text[0] == 0x2D {
            negative = true
            index = 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var scale = 0
        var seenPoint = false
        while index < count {
            let byte = text[index]
            if byte == 0x2E {
                seenPoint = true
            } else if byte &- 0x30 < 10 {
                if mantissa != 0 || byte != 0x30 { digits += 1 }
                guard digits <= 15 else { return nil }
                mantissa = mantissa * 10 + UInt64(byte - 0x30)
                if seenPoint { scale -= 1 }
            } else {
                break
            }
            index += 1
        }
        if index < count {
            guard text[index] | 0x20 == 0x65 else { return nil }
            index += 1
            var expNegative = false
            if index < count, text[index] == 0x2B || text[index] == 0x2D {
                expNegative = text[index] == 0x2D
                index += 1
            }
            var exp = 0
            while index < count, text[index] &- 0x30 < 10 {
                exp = exp * 10 + Int(text[index] - 0x30)
                if exp > 400 { return nil }
                index += 1
            }
            scale += expNegative ? -exp : exp
        }
        guard scale >= -22 && scale <= 22 else { return mantissa == 0 ? (negative ? -0.0 : 0.0) : nil }
        var value = Double(mantissa)
        value = scale >= 0 ? value * powersOfTen[scale] : value / powersOfTen[-scale]
        return negative ? -value : value
    }
}
