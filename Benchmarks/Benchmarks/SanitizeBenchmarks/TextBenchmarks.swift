import Benchmark
import SanitizeKit

/// The text hot paths on 1 MiB inputs (ASCII and mixed Unicode from `BenchmarkInputs`): one
/// measured iteration processes the whole MiB, so the throughput metric (iterations per
/// second) reads directly as MiB/s. Inputs (and the strings or encoded forms some paths need)
/// are prepared in `setup`, outside the measurement. These are the byte APIs the CLI calls.
func registerTextBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.throughput, .wallClock, .mallocCountTotal], maxDuration: .seconds(1))
    let inputs: [(name: String, bytes: @Sendable () -> [UInt8])] = [
        ("ASCII", { BenchmarkInputs.asciiMiB }), ("Unicode", { BenchmarkInputs.unicodeMiB }),
    ]
    for input in inputs {
        let suffix = "\(input.name) 1 MiB"
        func bytesBenchmark(_ name: String, _ body: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) {
            Benchmark("Text: \(name), \(suffix)", configuration: configuration) { benchmark, bytes in
                bytes.withUnsafeBytes { raw in
                    for _ in benchmark.scaledIterations { body(raw) }
                }
            } setup: {
                input.bytes()
            }
        }
        func stringBenchmark(_ name: String, _ body: @escaping @Sendable (String) -> Void) {
            Benchmark("Text: \(name), \(suffix)", configuration: configuration) { benchmark, text in
                for _ in benchmark.scaledIterations { body(text) }
            } setup: {
                String(decoding: input.bytes(), as: UTF8.self)
            }
        }

        bytesBenchmark("SQL literal sqlite") { bytes in
            var output: [UInt8] = []
            blackHole(try? SQL.quoteLiteral(utf8: bytes, dialect: .sqlite, into: &output))
            blackHole(output)
        }
        bytesBenchmark("SQL literal mysql") { bytes in
            var output: [UInt8] = []
            blackHole(try? SQL.quoteLiteral(utf8: bytes, dialect: .mysql, into: &output))
            blackHole(output)
        }
        bytesBenchmark("SQL strip") { blackHole(try? SQL.strip(utf8: $0)) }
        bytesBenchmark("shell quote") { blackHole(try? Shell.quote(utf8: $0)) }
        bytesBenchmark("URL encode component") { blackHole(PercentEncoding.encode(utf8: $0, using: .component)) }
        bytesBenchmark("URL encode form") { blackHole(PercentEncoding.encode(utf8: $0, using: .formURLEncoded)) }

        Benchmark("Text: URL decode, \(suffix) (before encoding)", configuration: configuration) { benchmark, encoded in
            encoded.withUnsafeBytes { raw in
                for _ in benchmark.scaledIterations { blackHole(try? PercentDecoding.decode(utf8: raw)) }
            }
        } setup: {
            input.bytes().withUnsafeBytes { PercentEncoding.encode(utf8: $0, using: .component) }
        }

        stringBenchmark("limit bytes (half)") { blackHole(TextHygiene.truncate($0, maxUTF8Bytes: 1 << 19)) }
        stringBenchmark("limit graphemes (100 000)") { blackHole(TextHygiene.truncate($0, maxGraphemes: 100_000)) }
        stringBenchmark("strip controls") { blackHole(TextHygiene.stripControls($0)) }
        stringBenchmark("strip zero-width") { blackHole(TextHygiene.stripZeroWidth($0)) }
        stringBenchmark("NFC") { blackHole(TextHygiene.nfc($0)) }
    }
}
