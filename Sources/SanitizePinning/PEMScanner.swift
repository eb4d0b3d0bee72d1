import Foundation
import SanitizeKit

/// One `-----BEGIN LABEL-----` … `-----END LABEL-----` block of a PEM file (RFC 7468 §2).
struct PEMBlock: Sendable {
    /// The label of its BEGIN line (`CERTIFICATE`, `PRIVATE KEY`, …).
    var label: String
    /// The 1-based line of its BEGIN line.
    var line: Int
    /// The decoded bytes, or why the block could not be read (no END line, bad base64).
    var contents: Result<[UInt8], SanitizeError>
}

/// Splits PEM bytes into blocks, each read on its own, so one broken block never hides the
/// others. Works on bytes: text outside the blocks (openssl's `subject=` lines, `Bag
/// Attributes`, comments in any encoding) is skipped, as openssl skips it; lines may end in
/// LF or CRLF, and base64 lines may have any length (RFC 7468 §3's lax reading).
enum PEMScanner {
    /// Every block of `bytes`, in file order.
    static func blocks(in bytes: [UInt8]) -> [PEMBlock] {
        var blocks: [PEMBlock] = []
        var open: (label: String, line: Int, body: [UInt8], firstBad: Int?)?
        var lineNumber = 0
        var start = 0
        while start < bytes.count {
            lineNumber += 1
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            var line = bytes[start..<end]
            start = end + 1
            while let last = line.last, last == 0x0D || last == 0x20 || last == 0x09 { line = line.dropLast() }
            while let first = line.first, first == 0x20 || first == 0x09 { line = line.dropFirst() }
            if let label = marker(line, "-----BEGIN ") {
                if let unfinished = open {
                    blocks.append(failed(unfinished.label, unfinished.line, "has no END line before the BEGIN line at line \(lineNumber)"))
                }
                open = (label, lineNumber, [], nil)
            } else if let label = marker(line, "-----END ") {
                guard let block = open else { continue }
                open = nil
                guard label == block.label else {
                    blocks.append(failed(block.label, block.line, "ends with an END \(label) line at line \(lineNumber)"))
                    continue
                }
                if let bad = block.firstBad {
                    blocks.append(failed(block.label, block.line, "has a line that is not base64 at line \(bad)"))
                } else if let data = Data(base64Encoded: Data(block.body)), !data.isEmpty {
                    blocks.append(PEMBlock(label: block.label, line: block.line, contents: .success(Array(data))))
                } else {
                    blocks.append(failed(block.label, block.line, "is not valid base64 (length or padding)"))
                }
            } else if open != nil {
                if open!.firstBad == nil, !line.allSatisfy(isBase64) { open!.firstBad = lineNumber }
                open!.body += line
            }
        }
        if let unfinished = open {
            blocks.append(failed(unfinished.label, unfinished.line, "has no END line (the file ends inside it)"))
        }
        return blocks
    }

    /// The label of a `-----BEGIN LABEL-----` / `-----END LABEL-----` line, if `line` is one.
    private static func marker(_ line: ArraySlice<UInt8>, _ prefix: String) -> String? {
        let head = Array(prefix.utf8)
        let tail = Array("-----".utf8)
        guard line.count >= head.count + tail.count, line.starts(with: head), line.suffix(tail.count).elementsEqual(tail)
        else { return nil }
        let label = line.dropFirst(head.count).dropLast(tail.count)
        // RFC 7468 labels are printable ASCII; anything else is not a marker line.
        guard label.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: label, as: UTF8.self)
    }

    private static func isBase64(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
            true
        default: false
        }
    }

    private static func failed(_ label: String, _ line: Int, _ why: String) -> PEMBlock {
        PEMBlock(
            label: label, line: line,
            contents: .failure(SanitizeError(.certificateInvalid, "the PEM block \(why)")))
    }
}
