public import Foundation

/// Schema documents that `$ref` may name, registered by URI. Nothing is ever fetched.
public struct ContractResources: Sendable {
    var documents: [(uri: String, document: JSONValue)] = []

    /// An empty set of resources.
    public init() {}

    /// The number of registered documents.
    package var count: Int { documents.count }

    /// Registers a parsed document under an absolute URI (its own `$id`s are honoured too).
    /// - Parameters:
    ///   - document: the schema document.
    ///   - uri: the URI `$ref`s use for it, e.g. `https://example.com/address.json`.
    package mutating func register(_ document: JSONValue, as uri: String) {
        documents.append((uri, document))
    }

    /// Registers a document from JSON text.
    /// - Parameters:
    ///   - text: the schema's JSON text.
    ///   - uri: the URI `$ref`s use for it.
    /// - Throws: ``SanitizeError`` when the text is not JSON.
    package mutating func register(json text: String, as uri: String) throws(SanitizeError) {
        register(try JSONValue(parsing: text), as: uri)
    }

    /// Registers a schema file under a URI.
    /// - Parameters:
    ///   - file: the schema file.
    ///   - uri: the URI `$ref`s use for it.
    /// - Throws: ``SanitizeError`` when the file cannot be read or is not JSON.
    public mutating func register(file: URL, as uri: String) throws(SanitizeError) {
        let data = try FileBytes.read(path: file.path, what: "schema")
        do {
            register(JSONValue(try JSONDocument(parsing: data)), as: uri)
        } catch {
            throw error.located(inFile: file.path)
        }
    }

    /// Registers every `.json` file under a directory, each at `baseURI` + its relative path
    /// (`dir/a/b.json` → `https://example.com/schemas/a/b.json` for base `https://example.com/schemas/`).
    /// - Parameters:
    ///   - directory: the directory to walk.
    ///   - baseURI: the URI the directory stands for; a trailing `/` is added when missing.
    /// - Throws: ``SanitizeError`` when a file cannot be read or is not JSON.
    public mutating func register(directory: URL, as baseURI: String) throws(SanitizeError) {
        let base = baseURI.hasSuffix("/") ? baseURI : baseURI + "/"
        let root = directory.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else {
            throw SanitizeError(.io, "cannot read directory", at: .init(file: root))
        }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            if relative.hasSuffix(".json") { files.append(relative) }
        }
        for relative in files.sorted() {
            try register(file: URL(fileURLWithPath: root).appendingPathComponent(relative), as: base + relative)
        }
    }
}
