extension Contract {
    /// Compiles one schema of an OpenAPI 3.0.x or 3.1.x document: `#/components/schemas/NAME`,
    /// with every `$ref` inside the document (`#/components/schemas/…`) resolving there.
    ///
    /// 3.0 Schema Objects are read as ``Draft/openAPI3_0`` (draft-04 rules plus `nullable`);
    /// 3.1 ones as 2020-12 (OAS 3.1 §4.8.24: `discriminator`, `xml`, `example` and the other OAS
    /// keywords are annotations), or in the dialect the document's `jsonSchemaDialect` names.
    /// - Parameters:
    ///   - document: the OpenAPI document, parsed (JSON, or YAML through `SanitizeYAML`).
    ///   - component: the name under `components/schemas`.
    ///   - direction: the way the bodies checked travel, for `readOnly`/`writeOnly`
    ///     (``Direction``); `nil` (the default) leaves both keywords annotations in a 3.1
    ///     document and takes neither side in a 3.0 one.
    ///   - resources: other documents its `$ref`s may name.
    ///   - options: compile and validation options (`baseURI` is the document's URI).
    /// - Throws: ``SanitizeError`` with code ``SanitizeError/Code/openAPIInvalid`` when the
    ///   document is not OpenAPI 3.0/3.1 or has no such component, or as
    ///   ``init(schema:resources:options:)-(JSONValue,_,_)``.
    public init(
        openAPI document: JSONValue, component: String, direction: Direction? = nil,
        resources: ContractResources = ContractResources(), options: Options = Options()
    ) throws(SanitizeError) {
        _ = try Self.openAPIDialect(of: document)
        guard case .object(let schemas)? = document["components"]?["schemas"], let schema = schemas.first(where: { $0.key == component }) else {
            var names: [String] = []
            if case .object(let schemas)? = document["components"]?["schemas"] { names = schemas.map(\.key) }
            let listed = names.prefix(20).map { JSONValue.string($0).jsonText }.joined(separator: ", ")
            throw SanitizeError(
                .openAPIInvalid,
                "no schema \(JSONValue.string(component).jsonText) under components/schemas"
                    + (names.isEmpty ? " (the document has none)" : " (it has \(listed)\(names.count > 20 ? ", …" : ""))"),
                at: .init(pointer: "/components/schemas"))
        }
        let pointer = "/components/schemas/" + JSONPointer.escape(component)
        self = try Contract(
            openAPI: document, schema: schema.value, at: pointer, direction: direction, resources: resources, options: options)
    }

    /// The dialect of a document's Schema Objects, from its `openapi` version (and 3.1's
    /// `jsonSchemaDialect`).
    static func openAPIDialect(of document: JSONValue) throws(SanitizeError) -> Draft {
        guard case .string(let version)? = document["openapi"] else {
            let swagger = document["swagger"] != nil ? " (a Swagger 2.0 document: convert it to OpenAPI 3)" : ""
            throw SanitizeError(.openAPIInvalid, "not an OpenAPI document: no \"openapi\" version string\(swagger)", at: .init(pointer: "/openapi"))
        }
        if version.hasPrefix("3.0.") || version == "3.0" { return .openAPI3_0 }
        guard version.hasPrefix("3.1.") || version == "3.1" else {
            throw SanitizeError(.openAPIInvalid, "OpenAPI \(version) is not read (3.0.x and 3.1.x are)", at: .init(pointer: "/openapi"))
        }
        guard case .string(let dialect)? = document["jsonSchemaDialect"] else { return .draft2020_12 }
        guard let draft = Draft.named(dialect) else {
            throw SanitizeError(
                .contractUnknownDialect, "jsonSchemaDialect \(JSONValue.string(dialect).jsonText) is not a dialect this validator knows",
                at: .init(pointer: "/jsonSchemaDialect"))
        }
        return draft
    }
}
