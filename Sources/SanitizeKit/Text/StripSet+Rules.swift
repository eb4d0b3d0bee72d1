import Foundation

extension StripSet {
    /// The file format of `Rules/text/strip-sets.json`.
    private struct File: Decodable {
        struct Set: Decodable {
            var characters: String
            var sequences: [String]?
        }
        var sets: [String: Set]
    }

    /// Reads named strip sets from a rules file in the format of `Rules/text/strip-sets.json`:
    /// `{"sets": {"NAME": {"characters": "…", "sequences": ["…"]}}}`.
    /// - Parameter bytes: the file's bytes.
    /// - Returns: the sets by name.
    /// - Throws: ``SanitizeError`` `configuration` when the file is not in that format.
    public static func namedSets(fromJSON bytes: [UInt8]) throws -> [String: StripSet] {
        do {
            let file = try JSONDecoder().decode(File.self, from: Data(bytes))
            return file.sets.mapValues { StripSet(characters: $0.characters, sequences: $0.sequences ?? []) }
        } catch {
            throw SanitizeError(.configuration, "not a strip-sets file: \(error)")
        }
    }

    /// Reads named strip sets from a rules file.
    /// - Parameter path: the file's path.
    /// - Returns: the sets by name.
    /// - Throws: ``SanitizeError`` `io` when the file cannot be read, `configuration` when it
    ///   is not a strip-sets file.
    public static func namedSets(contentsOfFile path: String) throws -> [String: StripSet] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SanitizeError(.io, "cannot read \(path)", at: .init(file: path))
        }
        do {
            return try namedSets(fromJSON: Array(data))
        } catch var error as SanitizeError {
            error.location = .init(file: path)
            throw error
        }
    }
}
