import ArgumentParser
import SanitizeKit

/// The command line as the bytes the shell passed, not as the `String`s the parser sees.
///
/// `CommandLine.arguments` repairs invalid UTF-8 with U+FFFD, so `$'a\xffb'` would arrive as
/// `a�b` and be quietly encoded, and a file named `$'\xff.png'` could not be opened. Values
/// that a subcommand reads as lines or as file names are looked up here by the `String` the
/// parser gave (``bytes(of:)``) and used as bytes (a line value holding a line feed is
/// rejected by ``LineLoop``); every other argument must be valid UTF-8
/// (``checkUnclaimed(by:)``), or the command is a usage error. An option value may hold a
/// line feed: the subcommand judges it (`guard -H` denies a header value with CR or LF).
enum RawArguments {
    /// `argv[1...]`, byte for byte.
    static let all: [[UInt8]] = SystemCalls.commandLineBytes()

    /// The bytes of the argument that the parser turned into `value`: the value's own UTF-8
    /// unless it holds U+FFFD (the repair mark) and an argument with invalid UTF-8 decodes to it.
    static func bytes(of value: String) -> [UInt8] {
        let utf8 = Array(value.utf8)
        // U+FFFD is EF BF BD: without an EF byte nothing was repaired.
        guard utf8.contains(0xEF) else { return utf8 }
        for raw in all.reversed() where UTF8Validation.firstInvalidByteOffset(in: raw) != nil {
            if String(decoding: raw, as: UTF8.self) == value { return raw }
            if let inline = inlineValue(of: raw), String(decoding: inline, as: UTF8.self) == value { return inline }
        }
        return utf8
    }

    /// The value of a `--name=value` argument, or `nil` for any other argument.
    private static func inlineValue(of raw: [UInt8]) -> [UInt8]? {
        guard raw.starts(with: [0x2D, 0x2D]), let equals = raw.firstIndex(of: 0x3D) else { return nil }
        return Array(raw[(equals + 1)...])
    }

    /// Opens the file named by the argument `path`, by its bytes, for reading.
    /// - Parameters:
    ///   - path: the argument, as the parser gave it.
    ///   - failure: the error to throw, given the system's reason ("No such file or directory").
    /// - Returns: the descriptor; the caller closes it (``SystemCalls/close(_:)``).
    /// - Throws: what `failure` returns, when `open(2)` fails.
    static func openForReading(_ path: String, orThrow failure: (String) -> SanitizeError) throws(SanitizeError) -> Int32 {
        do throws(SystemCalls.Failure) {
            return try SystemCalls.openForReading(bytes(of: path))
        } catch {
            throw failure(error.text)
        }
    }

    /// Creates (or empties) the file named by the argument `path`, by its bytes, for writing.
    /// - Parameters:
    ///   - path: the argument, as the parser gave it.
    ///   - failure: the error to throw, given the system's reason.
    /// - Returns: the descriptor.
    /// - Throws: what `failure` returns, when `open(2)` fails.
    static func openForWriting(_ path: String, orThrow failure: (String) -> SanitizeError) throws(SanitizeError) -> Int32 {
        do throws(SystemCalls.Failure) {
            return try SystemCalls.openForWriting(bytes(of: path))
        } catch {
            throw failure(error.text)
        }
    }

    /// A file name as messages and output lines show it: on one line, in UTF-8. Tab, line feed,
    /// carriage return and backslash become `\t`, `\n`, `\r`, `\\`, and each byte of invalid
    /// UTF-8 becomes `\xFF`.
    static func displayName(_ path: String) -> String {
        let bytes = bytes(of: path)
        guard
            bytes.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x5C })
                || UTF8Validation.firstInvalidByteOffset(in: bytes) != nil
        else { return path }
        var result = ""
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            if length == 0 {
                result += "\\x" + String(bytes[index], radix: 16, uppercase: true)
                index += 1
                continue
            }
            switch bytes[index] {
            case 0x09: result += "\\t"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x5C: result += "\\\\"
            default: result += String(decoding: bytes[index..<(index + length)], as: UTF8.self)
            }
            index += length
        }
        return result
    }

    /// Refuses, as a usage error, an argument with invalid UTF-8 that the command does not
    /// read as bytes (a line value or a file name).
    /// - Throws: ``SanitizeError`` `invalid-utf8`, which the command's `main()` reports as a
    ///   usage error.
    static func checkUnclaimed(by command: any ParsableCommand) throws {
        let claimed = Set((command as? any ReadsArgumentsAsBytes)?.byteArguments ?? [])
        for (index, raw) in all.enumerated() {
            guard let invalid = UTF8Validation.firstInvalidByteOffset(in: raw) else { continue }
            if claimed.contains(String(decoding: raw, as: UTF8.self)) { continue }
            if let inline = inlineValue(of: raw), claimed.contains(String(decoding: inline, as: UTF8.self)) { continue }
            throw SanitizeError(.invalidUTF8, "argument \(index + 1) is not valid UTF-8 (byte \(invalid))")
        }
    }

    /// The length of the well-formed UTF-8 sequence at `index`, or 0.
    private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        for length in 1...4 where index + length <= bytes.count {
            if UTF8Validation.firstInvalidByteOffset(in: Array(bytes[index..<(index + length)])) == nil {
                return length
            }
        }
        return 0
    }
}

/// A subcommand that reads some of its arguments as bytes: lines to process, or file names.
/// Those arguments may hold invalid UTF-8 (the subcommand rejects the line, or opens the file
/// by its bytes); the conformances are in `RawArguments+Commands.swift`.
protocol ReadsArgumentsAsBytes {
    /// The parsed values of those arguments.
    var byteArguments: [String] { get }
}

extension SanitizeError.Code {
    /// An argument or a value holds a line feed where one line is expected.
    static let lineFeed = Self(rawValue: "line-feed")
    /// The command line is not what the command takes.
    static let usage = Self(rawValue: "usage")
}
