public import SanitizeKit
internal import TOMLKit

extension SanitizeError.Code {
    /// TOML text that is not well-formed TOML 1.0, or holds what the JSON data model has no
    /// place for (`inf`, `nan`).
    public static let tomlInvalid = Self(rawValue: "toml-invalid")
}

/// Reads TOML 1.0 documents (through LebJe/TOMLKit, a wrapper of toml++) into the JSON data
/// model (``JSONValue``), for instance files such as `pyproject.toml` or `Cargo.toml`.
///
/// The mapping: a table is an object, an array an array, a string a string, an integer or a
/// float a number, a boolean a boolean. Dates and times become RFC 3339 strings (RFC 3339
/// §5.6), as TOML writes them: an offset date-time `1979-05-27T07:32:00Z` or
/// `1979-05-27T00:32:00.5-07:00` (`T` between date and time, a zero offset as `Z`, the
/// fraction without trailing zeros), a local date-time without offset
/// (`1979-05-27T07:32:00`), a local date `1979-05-27` (`full-date`), a local time `07:32:00`
/// (`partial-time`). Members come in key order (toml++ keeps tables sorted), which no
/// JSON Schema keyword can see. Refused with ``SanitizeError/Code/tomlInvalid`` and the line
/// and column: any TOML syntax error (duplicate keys included), and `inf`/`nan`, which JSON
/// cannot hold.
public enum TOMLReader {
    /// Whether a file is read as TOML: its name ends with `.toml` (any case).
    /// - Parameter path: the file's path.
    /// - Returns: `true` for `.toml` files.
    public static func isTOMLFile(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".toml")
    }

    /// Reads one TOML document.
    /// - Parameters:
    ///   - bytes: the TOML text (UTF-8, TOML 1.0 §"Spec").
    ///   - limits: the depth limit applies as for JSON (tables and arrays nested deeper are
    ///     refused before toml++ builds them).
    /// - Returns: the document's root table as a JSON object.
    /// - Throws: ``SanitizeError`` with code `invalid-utf8`, ``SanitizeError/Code/tomlInvalid``
    ///   (line and column), or `limit-exceeded` past the depth limit.
    public static func read(_ bytes: [UInt8], limits: JSONLimits = .default) throws(SanitizeError) -> JSONValue {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SanitizeError(.invalidUTF8, "the TOML text is not valid UTF-8")
        }
        if let nul = bytes.firstIndex(of: 0) {
            // toml++ reads a C string: a NUL would silently end the document there.
            let line = bytes[..<nul].count(where: { $0 == UInt8(ascii: "\n") }) + 1
            throw SanitizeError(.tomlInvalid, "not valid TOML: a NUL character (write it as \\u0000 inside a string)", at: .init(line: line))
        }
        try checkNesting(bytes, maxDepth: limits.maxDepth)
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw SanitizeError(
                .tomlInvalid, "not valid TOML: \(error.description)",
                at: .init(line: error.source.begin.line, column: error.source.begin.column))
        } catch {
            throw SanitizeError(.tomlInvalid, "not valid TOML: \(error)")
        }
        return try value(table, depth: 0, pointer: "", maxDepth: limits.maxDepth)
    }

    /// Refuses, before toml++ sees it, a document that could nest deeper than `maxDepth`
    /// (toml++ builds and frees tables recursively, so a key path of a million dotted parts
    /// would exhaust the stack). Outside strings and comments it counts open `[`/`{`, the
    /// dotted parts of the key being read and those of the last `[table]` header; their sum
    /// bounds the depth of what toml++ would build (a float's dot counts too: the bound is
    /// loose by one, never short).
    static func checkNesting(_ bytes: [UInt8], maxDepth: Int) throws(SanitizeError) {
        enum State { case code, basic, literal, multiBasic, multiLiteral, comment }
        var state = State.code
        var (line, brackets, keyDots, headerDots) = (1, 0, 0, 0)
        var lineIsHeader = false
        var atLineStart = true
        var index = 0
        func starts(_ byte: UInt8, thrice offset: Int) -> Bool {
            offset + 2 < bytes.count && bytes[offset + 1] == byte && bytes[offset + 2] == byte
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                keyDots = 0
                atLineStart = true
                lineIsHeader = false
                if state == .comment || state == .basic || state == .literal { state = .code }
                index += 1
                continue
            }
            switch state {
            case .code:
                let blank = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
                if atLineStart && !blank {
                    lineIsHeader = byte == UInt8(ascii: "[") && brackets == 0
                    atLineStart = false
                }
                switch byte {
                case UInt8(ascii: "#"): state = .comment
                case UInt8(ascii: "\""):
                    if starts(byte, thrice: index) {
                        state = .multiBasic
                        index += 2
                    } else {
                        state = .basic
                    }
                case UInt8(ascii: "'"):
                    if starts(byte, thrice: index) {
                        state = .multiLiteral
                        index += 2
                    } else {
                        state = .literal
                    }
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    brackets += 1
                    if byte == UInt8(ascii: "{") { keyDots = 0 }
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    brackets = max(0, brackets - 1)
                    if lineIsHeader && brackets == 0 { headerDots = keyDots }
                case UInt8(ascii: "."): keyDots += 1
                case UInt8(ascii: "="), UInt8(ascii: ","): keyDots = 0
                default: break
                }
                guard brackets + keyDots + (lineIsHeader ? 0 : headerDots) < maxDepth else {
                    throw SanitizeError(.limitExceeded, "the TOML document is nested deeper than \(maxDepth) levels", at: .init(line: line))
                }
            case .basic, .multiBasic:
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    if state == .basic {
                        state = .code
                    } else if starts(byte, thrice: index) {
                        state = .code
                        index += 2
                    }
                }
            case .literal:
                if byte == UInt8(ascii: "'") { state = .code }
            case .multiLiteral:
                if byte == UInt8(ascii: "'"), starts(byte, thrice: index) {
                    state = .code
                    index += 2
                }
            case .comment:
                break
            }
            index += 1
        }
    }

    static func value(_ node: any TOMLValueConvertible, depth: Int, pointer: String, maxDepth: Int) throws(SanitizeError) -> JSONValue {
        guard depth < maxDepth else {
            throw SanitizeError(.limitExceeded, "the TOML document is nested deeper than \(maxDepth) levels", at: .init(pointer: pointer))
        }
        switch node.type {
        case .table:
            var members: [JSONValue.Member] = []
            for (key, item) in node.table ?? TOMLTable() {
                let escaped = JSONPointer.escape(key)
                members.append(JSONValue.Member(key, try value(item, depth: depth + 1, pointer: pointer + "/" + escaped, maxDepth: maxDepth)))
            }
            return .object(members)
        case .array:
            var items: [JSONValue] = []
            for (index, item) in (node.array ?? TOMLArray()).enumerated() {
                items.append(try value(item, depth: depth + 1, pointer: pointer + "/\(index)", maxDepth: maxDepth))
            }
            return .array(items)
        case .string:
            return .string(node.string ?? "")
        case .int:
            return .number(String(node.int ?? 0))
        case .double:
            let double = node.double ?? 0
            guard double.isFinite else {
                throw SanitizeError(.tomlInvalid, "\(double) is not a finite number; JSON has no infinity or NaN", at: .init(pointer: pointer))
            }
            // Swift prints the shortest text that reads back as the same double; JSON wants
            // no "+" in the exponent-free forms it prints, and integral doubles keep ".0".
            return .number("\(double)")
        case .bool:
            return .bool(node.bool ?? false)
        case .date:
            return .string(node.date.map(fullDate) ?? "")
        case .time:
            return .string(node.time.map(partialTime) ?? "")
        case .dateTime:
            guard let dateTime = node.dateTime else { return .string("") }
            return .string(fullDate(dateTime.date) + "T" + partialTime(dateTime.time) + (dateTime.offset.map(offset) ?? ""))
        }
    }

    /// RFC 3339 `full-date`: `YYYY-MM-DD`.
    static func fullDate(_ date: TOMLDate) -> String {
        padded(date.year, 4) + "-" + padded(date.month, 2) + "-" + padded(date.day, 2)
    }

    /// RFC 3339 `partial-time`: `HH:MM:SS` and a fraction without trailing zeros.
    static func partialTime(_ time: TOMLTime) -> String {
        var text = padded(time.hour, 2) + ":" + padded(time.minute, 2) + ":" + padded(time.second, 2)
        if time.nanoSecond > 0 {
            var fraction = Substring(padded(time.nanoSecond, 9))
            while fraction.last == "0" { fraction = fraction.dropLast() }
            text += "." + fraction
        }
        return text
    }

    /// RFC 3339 `time-offset`: `Z` for zero, else `±HH:MM`.
    static func offset(_ offset: TOMLTimeOffset) -> String {
        guard offset.offset != 0 else { return "Z" }
        let minutes = abs(offset.offset)
        return (offset.offset < 0 ? "-" : "+") + padded(minutes / 60, 2) + ":" + padded(minutes % 60, 2)
    }

    static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
