import Testing
import TestSupport

@testable import SanitizeCommandRuntime

extension RecordBatch {
    /// Every record of the batch, described as `number:text` or `number:oversized count`, with
    /// what ``forEach(_:bufferEnds:)`` promises checked on the way: each line is followed in its
    /// buffer by `\n`, and every line handed on since the last `bufferEnds` call still holds its
    /// bytes there when that call comes (a caller writes them then).
    /// - Returns: the descriptions, and whether the batch was intact (`forEach`'s answer).
    func described() -> (records: [String], intact: Bool) {
        var records: [String] = []
        var held: [(bytes: UnsafeRawBufferPointer, text: String)] = []
        var linesSinceEnd = 0
        var ends = 0
        let intact = forEach { record in
            switch record {
            case .line(let number, let bytes):
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(bytes.baseAddress?.load(fromByteOffset: bytes.count, as: UInt8.self) == 0x0A, "line \(number)")
                held.append((bytes, text))
                linesSinceEnd += 1
                records.append("\(number):\(text)")
            case .oversized(let number, let count):
                records.append("\(number):oversized \(count)")
            }
        } bufferEnds: {
            for line in held { #expect(String(decoding: line.bytes, as: UTF8.self) == line.text) }
            held.removeAll()
            linesSinceEnd = 0
            ends += 1
        }
        #expect(linesSinceEnd == 0, "lines handed on after the last bufferEnds call")
        #expect(ends >= 1)
        return (records, intact)
    }

    /// The address of the batch's first byte, if it has one (to tell its buffer from another's).
    var firstByteAddress: UnsafePointer<UInt8>? {
        var address: UnsafePointer<UInt8>?
        forEach { record in
            if address == nil, case .line(_, let bytes) = record { address = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) }
        }
        return address
    }
}
