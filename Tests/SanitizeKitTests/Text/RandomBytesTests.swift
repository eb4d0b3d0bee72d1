import SanitizeKit
import Testing

/// Untrusted bytes through every byte API: each call returns a value or throws a
/// `SanitizeError` with an offset inside the input, never crashes, and what it returns is
/// well-formed UTF-8.
@Suite("Random bytes through the byte APIs")
struct RandomBytesTests {
    @Test("20 000 random byte strings")
    func randomBytes() {
        var generator = SeededGenerator(seed: 31)
        let alphabet: [UInt8] = [0x00, 0x0A, 0x0D, 0x20, 0x22, 0x25, 0x27, 0x2B, 0x2D, 0x2F, 0x30, 0x41, 0x46, 0x5C, 0x60, 0x61, 0x7F, 0x80, 0xA9, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFF]
        for _ in 0..<20_000 {
            let bytes = (0..<Int(generator.next() % 24)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            bytes.withUnsafeBytes { raw in
                let valid = UTF8Validation.firstInvalidByteOffset(in: raw) == nil
                func check(_ name: String, _ body: () throws -> [UInt8]) {
                    do {
                        let output = try body()
                        #expect(String(validating: output, as: UTF8.self) != nil || name == "decode", "\(name) \(bytes)")
                        if name != "decode" { #expect(valid, "\(name) accepted invalid UTF-8 \(bytes)") }
                    } catch let error as SanitizeError {
                        let offset = error.location?.byteOffset ?? -1
                        #expect(offset >= 0 && offset <= bytes.count, "\(name) \(bytes): \(error)")
                    } catch {
                        Issue.record("\(name): unexpected \(error)")
                    }
                }
                for dialect in SQLDialect.allCases {
                    check("literal") {
                        var output: [UInt8] = []
                        try SQL.quoteLiteral(utf8: raw, dialect: dialect, into: &output)
                        return output
                    }
                }
                check("shell") { try Shell.quote(utf8: raw) }
                check("strip sql") { try SQL.strip(utf8: raw) }
                check("strip shell") { try Shell.strip(utf8: raw) }
                check("decode") { try PercentDecoding.decode(utf8: raw, plusAsSpace: true) }
                if valid {
                    let encoded = PercentEncoding.encode(utf8: raw, using: .component)
                    #expect(encoded.allSatisfy { $0 >= 0x21 && $0 < 0x7F })
                }
            }
        }
    }
}
