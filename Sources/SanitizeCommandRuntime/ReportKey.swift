package import SanitizeKit

/// `sanitize filter --report-key POINTER`: the member of a record that names it in the report,
/// so that the reports of shards (GNU parallel jobs, Spark partitions) can be joined with the
/// records they describe.
///
/// The key is read from the record as the filter sanitized it (after its `x-sanitize` steps,
/// the value the written record carries). A record whose member is missing, is an object or
/// an array, or takes more than ``maxValueBytes`` as JSON, or a line that is not JSON, has
/// the key `null`. A pointer that may reach a `writeOnly` or `x-sensitive` value of the
/// contract is refused when the key is built, so a secret never becomes a key.
package struct ReportKey: Sendable {
    /// The longest key written, in bytes of JSON (quotes and escapes included); a longer
    /// value is reported as `null`.
    package static let maxValueBytes = 1024

    /// The pointer as given.
    package let pointer: String
    /// Its reference tokens, unescaped (RFC 6901 §4).
    let tokens: [String]

    /// Parses the pointer and checks it against the filter's contract.
    /// - Parameters:
    ///   - pointer: a JSON Pointer (RFC 6901) naming a member, such as `/id` or `/user/id`.
    ///   - filter: the filter whose records it names; its contract decides what is sensitive.
    /// - Throws: ``SanitizeError`` `configuration` when the pointer is not a JSON Pointer to a
    ///   member (it is empty, does not start with `/`, has a `~` not followed by `0` or `1`,
    ///   holds a line feed), or when the contract marks a schema it may reach `writeOnly` or
    ///   `x-sensitive`.
    package init(pointer: String, filter: RecordFilter) throws(SanitizeError) {
        guard let tokens = Self.tokens(of: pointer) else {
            throw SanitizeError(
                .configuration,
                "--report-key must be a JSON Pointer to a member, such as /id (RFC 6901: '/' before each "
                    + "name, '~0' for '~', '~1' for '/', no line feed); got \(pointer.debugDescription)")
        }
        if let contract = filter.contract, contract.mayBeSensitive(at: tokens) {
            throw SanitizeError(
                .configuration,
                "--report-key \(pointer) may name a writeOnly or x-sensitive value of the contract; "
                    + "a sensitive value is never used as a report key")
        }
        self.pointer = pointer
        self.tokens = tokens
    }

    /// The reference tokens of a pointer to a member, or `nil` when it is not one.
    static func tokens(of pointer: String) -> [String]? {
        guard pointer.hasPrefix("/"), !pointer.contains("\n") else { return nil }
        return JSONPointer(parsing: pointer)?.tokens
    }

    /// Appends the key of a record as JSON, `null` when there is none.
    /// - Parameters:
    ///   - record: the sanitized record, or `nil` for a line that is not JSON. It may be parsed
    ///     in part (``JSONDocument/isPartial``, a record the filter evaluated only where its
    ///     shape scan found faults): a container the parse stepped over is parsed when the
    ///     pointer leads into it, and the key is the one the whole record holds.
    ///   - limits: parsing limits for such a container.
    ///   - out: where the JSON goes.
    /// - Returns: `false` when the key is `null` (missing, not a scalar, too long, not JSON).
    @discardableResult
    func appendValue(in record: JSONDocument?, limits: JSONLimits = .default, to out: inout [UInt8]) -> Bool {
        let start = out.count
        guard let record, let (document, node) = JSONPointer(tokens: tokens).resolve(inPartial: record, limits: limits) else {
            out.append(contentsOf: "null".utf8)
            return false
        }
        switch document.kind(node) {
        case .string:
            let fits = document.withStringBytes(node) { bytes -> Bool in
                guard bytes.count + 2 <= Self.maxValueBytes else { return false }
                out.append(0x22)
                JSONWriter.appendEscaped(bytes, to: &out)
                out.append(0x22)
                return true
            }
            guard fits else { break }
        case .number:
            out.append(contentsOf: document.rawBytes(node))
        case .bool:
            out.append(contentsOf: (document.bool(node) == true ? "true" : "false").utf8)
        case .null, .array, .object:
            break
        }
        if out.count > start, out.count - start <= Self.maxValueBytes { return true }
        out.removeSubrange(start...)
        out.append(contentsOf: "null".utf8)
        return false
    }
}
