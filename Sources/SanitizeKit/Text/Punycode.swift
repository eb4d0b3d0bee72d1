/// Punycode, the Bootstring encoding of Unicode labels for IDNA (RFC 3492).
///
/// Shared by the request guard (host names to ASCII) and email validation (A-label checks):
/// encoding a label's Unicode scalars into the ASCII form that follows the `xn--` prefix,
/// and decoding it back.
package enum Punycode {
    // RFC 3492 §5: parameter values for Punycode.
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 0x80

    /// The longest input, in scalars, that ``encode(_:)`` accepts. DNS labels are at most
    /// 63 octets, so anything far longer is not a host label; the cap also keeps the
    /// quadratic-time algorithm bounded.
    package static let maxInputScalars = 256

    /// Encodes Unicode scalars as Punycode (RFC 3492 §6.3), without the `xn--` prefix.
    ///
    /// Basic (ASCII) code points are copied first, followed by a `-` delimiter when there
    /// were any, then the deltas of the non-basic code points as generalized
    /// variable-length integers. Letters are emitted in lowercase.
    /// - Parameter input: the label's scalars (already mapped and normalized).
    /// - Returns: the ASCII Punycode string, or `nil` when the input is longer than
    ///   ``maxInputScalars`` or the arithmetic would overflow (RFC 3492 §6.4).
    package static func encode(_ input: [Unicode.Scalar]) -> String? {
        guard input.count <= maxInputScalars else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count * 2)
        for scalar in input where scalar.value < 0x80 {
            output.append(UInt8(scalar.value))
        }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }

        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < input.count {
            // The smallest code point not yet handled.
            var m = Int.max
            for scalar in input where Int(scalar.value) >= n && Int(scalar.value) < m {
                m = Int(scalar.value)
            }
            let (grow, overflow1) = (m - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow1 else { return nil }
            let (sum, overflow2) = delta.addingReportingOverflow(grow)
            guard !overflow2 else { return nil }
            delta = sum
            n = m
            for scalar in input {
                let c = Int(scalar.value)
                if c < n {
                    delta += 1
                    guard delta < Int(Int32.max) else { return nil }
                }
                if c == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta: delta, count: handled + 1, first: handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes a Punycode string (without `xn--`) back into scalars (RFC 3492 §6.2).
    /// - Parameter input: the ASCII Punycode text.
    /// - Returns: the decoded scalars, or `nil` when the input is malformed, too long, or
    ///   decodes to a surrogate or out-of-range value.
    package static func decode(_ input: String) -> [Unicode.Scalar]? {
        let bytes = Array(input.utf8)
        guard bytes.count <= maxInputScalars * 4 else { return nil }
        var output: [Unicode.Scalar] = []
        var start = 0
        if let delimiter = bytes.lastIndex(of: UInt8(ascii: "-")) {
            for byte in bytes[..<delimiter] {
                guard byte < 0x80 else { return nil }
                output.append(Unicode.Scalar(byte))
            }
            start = delimiter + 1
        }
        var n = initialN
        var i = 0
        var bias = initialBias
        var position = start
        while position < bytes.count {
            let oldI = i
            var w = 1
            var k = base
            while true {
                guard position < bytes.count, let d = digitValue(bytes[position]) else { return nil }
                position += 1
                let (product, o1) = d.multipliedReportingOverflow(by: w)
                let (sum, o2) = i.addingReportingOverflow(product)
                guard !o1, !o2, sum < Int(Int32.max) else { return nil }
                i = sum
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if d < t { break }
                let (nextW, o3) = w.multipliedReportingOverflow(by: base - t)
                guard !o3, nextW < Int(Int32.max) else { return nil }
                w = nextW
                k += base
            }
            let count = output.count + 1
            bias = adapt(delta: i - oldI, count: count, first: oldI == 0)
            n += i / count
            i %= count
            guard output.count < maxInputScalars, let scalar = Unicode.Scalar(UInt32(clamping: n)) else {
                return nil
            }
            output.insert(scalar, at: i)
            i += 1
        }
        return output
    }

    /// RFC 3492 §6.1: bias adaptation.
    private static func adapt(delta: Int, count: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// The basic code point for digit value `d` (0–25 → `a`–`z`, 26–35 → `0`–`9`).
    private static func digit(_ d: Int) -> UInt8 {
        d < 26 ? UInt8(ascii: "a") + UInt8(d) : UInt8(ascii: "0") + UInt8(d - 26)
    }

    /// The digit value of a basic code point, or `nil`.
    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
        default: nil
        }
    }
}
