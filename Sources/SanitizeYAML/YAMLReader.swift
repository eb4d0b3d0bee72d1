public import SanitizeKit
internal import Yams

extension SanitizeError.Code {
    /// YAML text that is not well-formed, or holds something the JSON data model has no place
    /// for (a non-string key, `.inf`, more than one document), or whose aliases
    /// expand past the limit.
    public static let yamlInvalid = Self(rawValue: "yaml-invalid")
}

/// Reads YAML text into the JSON data model (``JSONValue``), for instances and OpenAPI
/// documents written in YAML.
///
/// Scalars resolve by the YAML 1.2 core schema (YAML 1.2.2 §10.3.2): `true`/`false`, `null`/`~`/
/// empty, decimal, `0o` and `0x` integers, floats; everything else (`yes`, `on`, dates) is a
/// string, so a key such as `on:` stays the string `"on"`. What JSON cannot hold is refused
/// with ``SanitizeError/Code/yamlInvalid``, never guessed: a mapping key that is not a
/// string, a duplicate key, `.inf`/`.nan`, a second document. (An OpenAPI document read
/// through ``OpenAPIDocumentFile`` has its integer keys outside Schema Objects, such as
/// response codes written `200:`, read as strings, each with a warning.) Merge keys (`<<`, YAML 1.1's
/// merge type, common in docker-compose and CI files) are read: a key the mapping writes itself
/// wins, then the merged mappings in order. Aliases are expanded, but the values produced (every alias counted again) may not pass
/// ``maxValues``, so an alias bomb ("billion laughs") stops early with an error.
public enum YAMLReader {
    /// Most JSON values one YAML document may expand to (aliases included).
    public static let maxValues = 1_000_000

    /// The YAML 1.2 core schema's tag resolution (Yams's default is YAML 1.1's).
    static let coreSchema: Resolver = {
        // The patterns are fixed and valid: a failure here is a programming error.
        // swiftlint:disable force_try
        try! Resolver.basic
            .appending(.null, "^(?:~|null|Null|NULL|)$")
            .appending(.bool, "^(?:true|True|TRUE|false|False|FALSE)$")
            .appending(.int, "^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$")
            .appending(.float, "^(?:[-+]?(?:\\.[0-9]+|[0-9]+(?:\\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$")
            .appending(.merge, "^(?:<<)$")
        // swiftlint:enable force_try
    }()

    /// Reads one YAML document.
    /// - Parameters:
    ///   - text: the YAML text (UTF-8).
    ///   - limits: the depth limit applies as for JSON.
    /// - Returns: the document as a JSON value.
    /// - Throws: ``SanitizeError`` with code ``SanitizeError/Code/yamlInvalid`` (line and
    ///   column when known), or ``SanitizeError/Code/limitExceeded`` past the depth or
    ///   expansion limit.
    public static func read(_ text: String, limits: JSONLimits = .default) throws(SanitizeError) -> JSONValue {
        guard let root = try parse(text) else { return .null }
        var converter = Converter(maxDepth: limits.maxDepth)
        return try converter.value(root, depth: 0, pointer: "")
    }

    /// The one document of a YAML text, composed (`nil` for an empty text).
    static func parse(_ text: String) throws(SanitizeError) -> Node? {
        do {
            let parser = try Parser(yaml: text, resolver: coreSchema)
            guard let first = try parser.nextRoot() else { return nil }
            guard try parser.nextRoot() == nil else {
                throw SanitizeError(.yamlInvalid, "the YAML text holds more than one document; one instance per file")
            }
            return first
        } catch let error as SanitizeError {
            throw error
        } catch let error as YamlError {
            throw Self.located(error)
        } catch {
            throw SanitizeError(.yamlInvalid, "not valid YAML: \(error)")
        }
    }

    /// Reads one YAML document as ``read(_:limits:)-(String,_)`` does, except that a mapping
    /// key the core schema resolves to an integer (`200:`) is read as its decimal string
    /// (`"200"`) and listed, for a caller that knows where such keys are harmless (an OpenAPI
    /// document's response codes).
    /// - Returns: the value, and each integer key read: the pointer of its member (the key as
    ///   read), the key as written, and its line and column.
    static func readReadingIntegerKeys(_ bytes: [UInt8], limits: JSONLimits) throws(SanitizeError) -> (JSONValue, [IntegerKey]) {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SanitizeError(.invalidUTF8, "the YAML text is not valid UTF-8")
        }
        guard let root = try parse(text) else { return (.null, []) }
        var converter = Converter(maxDepth: limits.maxDepth)
        converter.integerKeys = []
        let value = try converter.value(root, depth: 0, pointer: "")
        return (value, converter.integerKeys ?? [])
    }

    /// A mapping key written as a YAML integer and read as its decimal string.
    struct IntegerKey {
        /// The pointer of the mapping that holds it.
        var mapping: String
        /// The key as read (its decimal string).
        var key: String
        /// The key as written.
        var written: String
        /// The key's line and column, if known.
        var line: Int?
        var column: Int?

        /// The pointer of its member.
        var member: String { mapping + "/" + JSONPointer.escape(key) }
        /// ` (line L, column C)` when known.
        var mark: String { line.map { " (line \($0), column \(column ?? 0))" } ?? "" }
    }

    /// Reads YAML bytes (UTF-8).
    /// - Parameters:
    ///   - bytes: the YAML text.
    ///   - limits: the depth limit applies as for JSON.
    /// - Returns: the document as a JSON value.
    /// - Throws: as ``read(_:limits:)-(String,_)``, or `invalid-utf8`.
    public static func read(_ bytes: [UInt8], limits: JSONLimits = .default) throws(SanitizeError) -> JSONValue {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SanitizeError(.invalidUTF8, "the YAML text is not valid UTF-8")
        }
        return try read(text, limits: limits)
    }

    static func located(_ error: YamlError) -> SanitizeError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return SanitizeError(.yamlInvalid, "not valid YAML: \(problem)", at: .init(line: mark.line, column: mark.column))
        default:
            return SanitizeError(.yamlInvalid, "not valid YAML: \(error)")
        }
    }

    /// Turns composed YAML nodes into JSON values, counting every value produced.
    struct Converter {
        let maxDepth: Int
        var produced = 0
        /// `nil`: a mapping key that is not a string is refused. Else integer keys are read as
        /// their decimal strings and listed here.
        var integerKeys: [IntegerKey]?

        mutating func value(_ node: Node, depth: Int, pointer: String) throws(SanitizeError) -> JSONValue {
            produced += 1
            guard produced <= YAMLReader.maxValues else {
                throw SanitizeError(
                    .limitExceeded, "the YAML document expands to more than \(YAMLReader.maxValues) values (aliases counted each time they are used)",
                    at: .init(pointer: pointer))
            }
            guard depth < maxDepth else {
                throw SanitizeError(.limitExceeded, "the YAML document is nested deeper than \(maxDepth) levels", at: .init(pointer: pointer))
            }
            switch node {
            case .scalar(let scalar):
                return try Self.scalar(scalar, pointer: pointer)
            case .sequence(let sequence):
                var items: [JSONValue] = []
                for (index, item) in sequence.enumerated() { items.append(try value(item, depth: depth + 1, pointer: pointer + "/\(index)")) }
                return .array(items)
            case .mapping(let mapping):
                var members: [JSONValue.Member] = []
                var seen: Set<String> = []
                var merged: [JSONValue.Member] = []
                var mergeSeen = false
                for (key, item) in mapping {
                    if case .scalar(let name) = key, Self.tag(of: name) == Tag.Name.merge.rawValue {
                        guard !mergeSeen else {
                            throw SanitizeError(.yamlInvalid, "duplicate merge key (<<)\(Self.mark(of: name))", at: .init(pointer: pointer))
                        }
                        mergeSeen = true
                        merged = try mergedMembers(item, depth: depth, pointer: pointer, mark: Self.mark(of: name))
                        continue
                    }
                    guard case .scalar(let name) = key, let keyText = readKey(name, in: pointer) else {
                        var mark = ""
                        if case .scalar(let name) = key { mark = Self.mark(of: name) }
                        throw Self.notString(Self.describe(key), mark: mark, at: pointer)
                    }
                    guard seen.insert(keyText).inserted else {
                        throw SanitizeError(.yamlInvalid, "duplicate key \(JSONValue.string(keyText).jsonText)", at: .init(pointer: pointer))
                    }
                    let escaped = JSONPointer.escape(keyText)
                    members.append(JSONValue.Member(keyText, try value(item, depth: depth + 1, pointer: pointer + "/" + escaped)))
                }
                // A key written in the mapping itself wins over a merged one (yaml.org/type/merge).
                for member in merged where seen.insert(member.key).inserted { members.append(member) }
                return .object(members)
            case .alias:
                throw SanitizeError(.yamlInvalid, "an unresolved YAML alias", at: .init(pointer: pointer))
            }
        }

        /// The members a merge key (`<<`, YAML 1.1's merge type, yaml.org/type/merge, which
        /// docker-compose and CI files use) brings: its value is a mapping, or a sequence of
        /// mappings where an earlier one wins over a later one for the same key.
        mutating func mergedMembers(_ node: Node, depth: Int, pointer: String, mark: String) throws(SanitizeError) -> [JSONValue.Member] {
            let sources: [Node]
            switch node {
            case .mapping: sources = [node]
            case .sequence(let sequence): sources = Array(sequence)
            default:
                throw SanitizeError(
                    .yamlInvalid, "a merge key (<<) takes a mapping or a sequence of mappings, not \(Self.describe(node))\(mark)",
                    at: .init(pointer: pointer))
            }
            var members: [JSONValue.Member] = []
            var seen: Set<String> = []
            for source in sources {
                guard case .mapping = source else {
                    throw SanitizeError(
                        .yamlInvalid, "a merge key (<<) takes a mapping or a sequence of mappings, not \(Self.describe(source))\(mark)",
                        at: .init(pointer: pointer))
                }
                guard case .object(let merged) = try value(source, depth: depth + 1, pointer: pointer) else { continue }
                for member in merged where seen.insert(member.key).inserted { members.append(member) }
            }
            return members
        }

        /// The text of a mapping key: a string's own; an integer's decimal string when
        /// ``integerKeys`` lists them (the key is listed); else `nil`, a key JSON has no place for.
        mutating func readKey(_ scalar: Node.Scalar, in pointer: String) -> String? {
            let tag = Self.tag(of: scalar)
            if tag == Tag.Name.str.rawValue { return scalar.string }
            guard integerKeys != nil, tag == Tag.Name.int.rawValue, let decimal = Self.integer(scalar.string) else { return nil }
            integerKeys?.append(
                IntegerKey(mapping: pointer, key: decimal, written: scalar.string, line: scalar.mark?.line, column: scalar.mark?.column))
            return decimal
        }

        /// The refusal of a mapping key that is not a string.
        static func notString(_ described: String, mark: String, at pointer: String) -> SanitizeError {
            SanitizeError(.yamlInvalid, "a mapping key is not a string (\(described))\(mark); JSON keys are strings: quote it", at: .init(pointer: pointer))
        }

        /// ` (line L, column C)` of a scalar when known, else empty.
        static func mark(of scalar: Node.Scalar) -> String {
            scalar.mark.map { " (line \($0.line), column \($0.column))" } ?? ""
        }

        /// A scalar's tag: its explicit one, or the core schema's resolution of a plain scalar
        /// (quoted ones are strings; `!` is the non-specific tag of a string).
        static func tag(of scalar: Node.Scalar) -> String {
            let name = YAMLReader.coreSchema.resolveTag(of: .scalar(scalar)).rawValue
            return name == Tag.Name.nonSpecific.rawValue ? Tag.Name.str.rawValue : name
        }

        static func describe(_ node: Node) -> String {
            switch node {
            case .scalar(let scalar): return "\(tag(of: scalar).replacing("tag:yaml.org,2002:", with: "")) \(JSONValue.string(scalar.string).jsonText)"
            case .mapping: return "a mapping"
            case .sequence: return "a sequence"
            case .alias: return "an alias"
            }
        }

        static func scalar(_ scalar: Node.Scalar, pointer: String) throws(SanitizeError) -> JSONValue {
            let text = scalar.string
            switch tag(of: scalar) {
            case Tag.Name.null.rawValue:
                guard ["", "~", "null", "Null", "NULL"].contains(text) else {
                    throw SanitizeError(.yamlInvalid, "\(JSONValue.string(text).jsonText) is tagged null but is not a null", at: .init(pointer: pointer))
                }
                return .null
            case Tag.Name.bool.rawValue:
                switch text.lowercased() {
                case "true": return .bool(true)
                case "false": return .bool(false)
                default:
                    throw SanitizeError(.yamlInvalid, "\(JSONValue.string(text).jsonText) is tagged bool but is not true or false", at: .init(pointer: pointer))
                }
            case Tag.Name.int.rawValue:
                if let number = integer(text) { return .number(number) }
                throw SanitizeError(
                    .yamlInvalid, "\(JSONValue.string(text).jsonText) is tagged int but is not a decimal integer, nor a 0o/0x one within 64 bits",
                    at: .init(pointer: pointer))
            case Tag.Name.float.rawValue:
                if let number = JSONValue.number(text).jsonNumberText { return .number(number) }
                guard text.allSatisfy({ $0.isASCII }), let double = Double(text.replacing("+", with: "")), double.isFinite else {
                    throw SanitizeError(.yamlInvalid, "\(text) is not a finite number; JSON has no infinity or NaN", at: .init(pointer: pointer))
                }
                return .number("\(double)")
            default:
                return .string(text)
            }
        }

        /// A YAML 1.2 core integer as JSON number text: decimal of any size (leading `+` and
        /// zeros dropped), `0o` octal or `0x` hexadecimal within 64 bits.
        static func integer(_ text: String) -> String? {
            if text.hasPrefix("0x") { return Int64(text.dropFirst(2), radix: 16).map(String.init) }
            if text.hasPrefix("0o") { return Int64(text.dropFirst(2), radix: 8).map(String.init) }
            var digits = Substring(text)
            var sign = ""
            if digits.first == "+" { digits = digits.dropFirst() } else if digits.first == "-" {
                sign = "-"
                digits = digits.dropFirst()
            }
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            while digits.count > 1 && digits.first == "0" { digits = digits.dropFirst() }
            return digits == "0" ? "0" : sign + digits
        }
    }
}

extension JSONValue {
    /// The text itself when it is a JSON number exactly (RFC 8259 §6), else `nil`.
    var jsonNumberText: String? {
        guard case .number(let text) = self, (try? JSONValue(parsing: text)) == .number(text) else { return nil }
        return text
    }
}
