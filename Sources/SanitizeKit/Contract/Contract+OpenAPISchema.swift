extension Contract {
    /// Compiles a Schema Object found anywhere in an OpenAPI 3.0.x or 3.1.x document, such as
    /// `paths/…/responses/200/content/application~1json/schema` (OAS 3.1 §4.8.14, Media Type
    /// Object), with `$ref`s to `#/components/schemas/…` resolving in the same document and in
    /// the dialect ``init(openAPI:component:direction:resources:options:)`` uses.
    /// - Parameters:
    ///   - document: the OpenAPI document.
    ///   - schema: the Schema Object (the value at `pointer`).
    ///   - pointer: its JSON Pointer in `document` (RFC 6901), e.g. `/paths/~1users/get/…/schema`.
    ///   - direction: the way the bodies checked travel (``Direction``), or `nil`.
    ///   - resources: other documents its `$ref`s may name.
    ///   - options: compile and validation options (`baseURI` is the document's URI).
    /// - Throws: ``SanitizeError`` `openapi-invalid` for a document that is not OpenAPI 3.0/3.1,
    ///   or the compiler's error for the schema.
    package init(
        openAPI document: JSONValue, schema: JSONValue, at pointer: String, direction: Direction? = nil,
        resources: ContractResources = ContractResources(), options: Options = Options()
    ) throws(SanitizeError) {
        let draft = try Self.openAPIDialect(of: document)
        guard URIReference(options.baseURI).scheme != nil else {
            throw SanitizeError(.contractInvalid, "the base URI \(JSONValue.string(options.baseURI).jsonText) is not an absolute URI")
        }
        var options = options
        options.defaultDraft = draft
        var compiler = ContractCompiler(options: options)
        compiler.direction = direction
        for (uri, other) in resources.documents { compiler.addPending(document: other, uri: uri) }
        for (uri, other) in MetaSchemas.documents { compiler.addPending(document: other, uri: uri) }
        compiler.index(openAPI: document, uri: options.baseURI, draft: draft)
        let base = URIReference(options.baseURI).withoutFragment
        compiler.walk(schema, base: base, scopes: [(base.text, pointer)], dialect: Dialect(draft: draft))
        buffers = ProgramBuffers(try compiler.compileRoot(uri: options.baseURI, pointer: pointer), limits: options.limits)
        self.options = options
    }

    /// Checks that a document is OpenAPI 3.0.x or 3.1.x (with a dialect this validator knows).
    /// - Parameter document: the document.
    /// - Throws: ``SanitizeError`` `openapi-invalid` (or `contract-unknown-dialect`) at `/openapi`.
    package static func checkOpenAPIVersion(of document: JSONValue) throws(SanitizeError) {
        _ = try openAPIDialect(of: document)
    }
}
