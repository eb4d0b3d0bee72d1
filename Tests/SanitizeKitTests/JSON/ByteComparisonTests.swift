@testable import SanitizeKit
import Testing

@Suite("Byte comparison (memcmpEqual)")
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
}
