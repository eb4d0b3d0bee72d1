import Foundation

extension StripSet {
    /// Reads named strip sets from a rules file in the format of `Rules/text/strip-sets.json`:
    /// `{"sets": {"NAME": {"characters": "…", "sequences": ["…"]}}}`.
    /// - Parameter bytes: the file's bytes.
    /// - Returns: the sets by name.
    /// - Throws: ``SanitizeError`` `configuration` when the file is not in that format (an
    ///   unknown key included: its pointer and the keys allowed).
    package static func namedSets(fromJSON bytes: [UInt8]) throws(SanitizeError) -> [String: StripSet] {
        let file = try RuleFile(bytes: bytes, file: nil, what: "strip-sets file")
        let top = try file.members(of: file.root, allowing: ["about", "sets"])
        var result: [String: StripSet] = [:]
        for (name, set) in try file.members(of: try file.required("sets", in: top, of: file.root), allowing: nil) {
            let fields = try file.members(of: set, allowing: ["characters", "sequences"])
            let characters = try file.string(try file.required("characters", in: fields, of: set))
            var sequences: [String] = []
            if let member = fields.last(where: { $0.key == "sequences" }) { sequences = try file.strings(member.value) }
            result[name] = StripSet(characters: characters, sequences: sequences)
        }
        return result
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
