/// Punycode (RFC 3492), the encoding of IDN labels behind the `xn--` prefix.
///
/// Used to check A-labels and to measure the A-label length of U-labels. Works on one label
/// at a time; callers keep labels short (at most 63 octets), so no arithmetic can overflow.
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 0x80
    /// Bound for the intermediate values; far above any 63-octet label's needs.
    private static let overflowGuard = 1 << 40

    /// RFC 3492 §6.1.
    private static func adapt(_ delta: Int, _ pointCount: Int, _ firstTime: Bool) -> Int {
        var delta = firstTime ? delta / damp : delta / 2
        delta += delta / pointCount
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    private static func threshold(_ k: Int, _ bias: Int) -> Int {
        k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
        default: nil
        }
    }

    private static func digitByte(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
    }

    /// Decodes the Punycode text after `xn--` (RFC 3492 §6.2).
    /// - Parameter input: ASCII bytes.
    /// - Returns: the code points, or nil when the input is not valid Punycode.
    static func decode(_ input: some Collection<UInt8>) -> [Unicode.Scalar]? {
        let bytes = Array(input)
        var output: [Unicode.Scalar] = []
        let delimiter = bytes.lastIndex(of: UInt8(ascii: "-"))
        if let delimiter {
            for byte in bytes[..<delimiter] {
                guard byte < 0x80 else { return nil }
                output.append(Unicode.Scalar(byte))
            }
        }
        var position = delimiter.map { $0 + 1 } ?? 0
        var n = initialN
        var i = 0
        var bias = initialBias
        while position < bytes.count {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard position < bytes.count, let digit = digitValue(bytes[position]) else { return nil }
                position += 1
                i += digit * weight
                guard i < overflowGuard else { return nil }
                let t = threshold(k, bias)
                if digit < t { break }
                weight *= base - t
                guard weight < overflowGuard else { return nil }
                k += base
            }
            let count = output.count + 1
            bias = adapt(i - oldI, count, oldI == 0)
            n += i / count
            i %= count
            guard n <= 0x10FFFF, let scalar = Unicode.Scalar(UInt32(n)) else { return nil }
            output.insert(scalar, at: i)
            i += 1
        }
        return output
    }

    /// Encodes code points as Punycode (RFC 3492 §6.3), without the `xn--` prefix.
    /// - Parameter scalars: the label's code points.
    /// - Returns: the lowercase ASCII Punycode bytes.
    static func encode(_ scalars: [Unicode.Scalar]) -> [UInt8] {
        var output: [UInt8] = scalars.compactMap { $0.value < 0x80 ? UInt8($0.value) : nil }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < scalars.count {
            let m = scalars.lazy.map { Int($0.value) }.filter { $0 >= n }.min() ?? n
            delta += (m - n) * (handled + 1)
            n = m
            for scalar in scalars {
                let value = Int(scalar.value)
                if value < n { delta += 1 }
                if value == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = threshold(k, bias)
                        if q < t { break }
                        output.append(digitByte(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digitByte(q))
                    bias = adapt(delta, handled + 1, handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }
}
