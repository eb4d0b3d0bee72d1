import Foundation

extension StripSet {
    /// Reads named strip sets from a rules file in the format of `Rules/text/strip-sets.json`:
    /// `{"sets": {"NAME": {"characters": "…", "sequences": ["…"]}}}`.
    /// - Parameter bytes: the file's bytes.
    /// - Returns: the sets by name.
    /// - Throws: ``SanitizeError`` `configuration` when the file is not in that format.
    package static func namedSets(fromJSON bytes: [UInt8]) throws(SanitizeError) -> [String: StripSet] {
        try SanitizeError.typed {
            // Our own parser, so a syntax error reads "line 1:3 …", never a DecodingError dump.
            let document = JSONValue(try JSONDocument(parsing: bytes))
            func bad(_ pointer: String, _ what: String) -> SanitizeError {
                SanitizeError(.configuration, "not a strip-sets file: \(what)", at: .init(pointer: pointer))
            }
            guard case .object(let top) = document, let setsValue = top.first(where: { $0.key == "sets" })?.value,
                case .object(let sets) = setsValue
            else { throw bad("", "expected {\"sets\": {\"NAME\": {\"characters\": \"…\"}}}") }
            var result: [String: StripSet] = [:]
            for member in sets {
                let pointer = "/sets/" + member.key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
                guard case .object(let fields) = member.value,
                    case .string(let characters)? = fields.first(where: { $0.key == "characters" })?.value
                else { throw bad(pointer, "a set needs \"characters\": a string") }
                var sequences: [String] = []
                if let value = fields.first(where: { $0.key == "sequences" })?.value {
                    guard case .array(let items) = value else { throw bad(pointer + "/sequences", "expected an array of strings") }
                    for item in items {
                        guard case .string(let sequence) = item else {
                            throw bad(pointer + "/sequences", "expected an array of strings")
                        }
                        sequences.append(sequence)
                    }
                }
                result[member.key] = StripSet(characters: characters, sequences: sequences)
            }
            return result
        }
    }

    /// Reads named strip sets from a rules file.
    /// - Parameter path: the file's path.
    /// - Returns: the sets by name.
    /// - Throws: ``SanitizeError`` `io` when the file cannot be read, `configuration` when it
    ///   is not a strip-sets file.
    package static func namedSets(contentsOfFile path: String) throws(SanitizeError) -> [String: StripSet] {
        try SanitizeError.typed {
            let data = try FileBytes.read(path: path, what: "strip-sets file")
            do {
                return try namedSets(fromJSON: data)
            } catch var error as SanitizeError {
                var location = error.location ?? .init()
                location.file = path
                error.location = location
                throw error
            }
        }
    }
}
