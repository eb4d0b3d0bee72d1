@testable import SanitizeKit
import Testing

@Suite("Byte comparison (bytesEqual, memcmpEqual)")
struct ByteComparisonTests {
    @Test("equal runs of every length up to 40 compare equal; one changed byte anywhere makes them differ")
    func everyLengthAndPosition() {
        for count in 0...40 {
            let left = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            // Compared at an odd offset inside a bigger buffer, so loads are unaligned and the
            // bytes around the run (which must not count) differ between the two sides.
            let a = [0xAA] + left + [0xAB]
            var right = [0x55] + left + [0x56]
            #expect(a.withUnsafeBytes { x in right.withUnsafeBytes { y in memcmpEqual(x.baseAddress! + 1, y.baseAddress! + 1, count) } })
            for position in 0..<count {
                right[1 + position] ^= 0x01
                let equal = a.withUnsafeBytes { x in right.withUnsafeBytes { y in memcmpEqual(x.baseAddress! + 1, y.baseAddress! + 1, count) } }
                #expect(!equal, "length \(count), byte \(position)")
                right[1 + position] ^= 0x01
            }
        }
    }

    @Test("bytesEqual agrees with memcmpEqual, and at count 0 reads neither pointer")
    func bytesEqualWrapsMemcmpEqual() {
        let empty = UnsafeRawBufferPointer(start: nil, count: 0)
        // `empty.baseAddress!` would trap if it were evaluated: count 0 must not touch it.
        // (Called outside #expect, which evaluates its arguments to report them.)
        let emptyEqual = bytesEqual(empty.baseAddress!, empty.baseAddress!, count: 0)
        #expect(emptyEqual)
        let a: [UInt8] = Array("key-name-longer-than-eight".utf8)
        var b = a
        a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                #expect(bytesEqual(x.baseAddress!, y.baseAddress!, count: a.count))
                let equal = bytesEqual(x.baseAddress!, empty.baseAddress!, count: 0)
                #expect(equal)
            }
        }
        b[a.count - 1] ^= 0x20
        a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                #expect(!bytesEqual(x.baseAddress!, y.baseAddress!, count: a.count))
                #expect(bytesEqual(x.baseAddress!, y.baseAddress!, count: a.count - 1))
            }
        }
    }
}
