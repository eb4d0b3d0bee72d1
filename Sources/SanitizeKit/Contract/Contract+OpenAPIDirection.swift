extension Contract {
    /// Which way the bodies an OpenAPI 3.0 contract checks travel, for `readOnly` and
    /// `writeOnly` (OAS 3.0.3 §4.7.24.1, Schema Object fixed fields): a `readOnly` property
    /// "SHOULD NOT be sent as part of the request" and, when `required`, is required in
    /// responses only; a `writeOnly` property the other way round.
    ///
    /// Compiled in, never checked per value: in a ``request`` contract a schema with
    /// `readOnly: true` refuses any value (code `read-only`) and a `required` name whose
    /// property schema is `readOnly` (written there, or in the schema its `$ref` names) is not
    /// required; in a ``response`` contract the same for `writeOnly` (code `write-only`).
    /// Without a direction (`nil`) a 3.0 contract takes neither side: both values are allowed,
    /// and a `required` name whose property is `readOnly` or `writeOnly` is not required,
    /// since the instance may travel either way (as openapi-schema-validator's `OAS30Validator`
    /// reads them; its `OAS30WriteValidator` and `OAS30ReadValidator` are ``request`` and
    /// ``response``).
    ///
    /// A 3.1 document's Schema Objects are JSON Schema 2020-12, where `readOnly` and
    /// `writeOnly` are annotations (JSON Schema Validation 2020-12 §9.4) whose meaning a
    /// direction enforces: a `readOnly` value is "managed exclusively by the owning authority"
    /// and attempts to modify it may be "rejected by that owning authority" (the server, which
    /// checks requests), and a `writeOnly` value is "never present when the instance is
    /// retrieved from the owning authority" (so a response holding one is refused). With a
    /// direction a 3.1 contract takes the same side as a 3.0 one (a `readOnly` beside a `$ref`
    /// counts, as 2020-12 siblings of `$ref` do); without one (`nil`) it stays plain 2020-12:
    /// both values allowed, every `required` name required.
    ///
    /// ```swift
    /// let sent = try Contract(openAPI: document, component: "User", direction: .request)
    /// let received = try Contract(openAPI: document, component: "User", direction: .response)
    /// ```
    public enum Direction: String, Sendable, Hashable, CaseIterable {
        /// A request body: `readOnly` values are refused, `writeOnly` ones required as written.
        case request
        /// A response body: `writeOnly` values are refused, `readOnly` ones required as written.
        case response
    }
}

extension ContractCompiler {
    /// The most `$ref` hops followed to find whether a property schema is `readOnly`/`writeOnly`.
    static let maxDirectionHops = 32

    /// Why a schema refuses every value in this compiler's direction: `readOnly: true` in a
    /// request, `writeOnly: true` in a response; else `nil` (always without a direction).
    func directionRefusal(_ entry: SchemaEntry) -> Refusal? {
        guard let direction, case .object(let members) = entry.value else { return nil }
        // OAS 3.0.3 §4.7.23: the siblings of `$ref` are ignored, `readOnly` among them (not in 3.1).
        guard !(entry.draft.refOverridesSiblings && members.contains(where: { $0.key == "$ref" })) else { return nil }
        switch direction {
        case .request: return entry.value["readOnly"] == .bool(true) ? .readOnly : nil
        case .response: return entry.value["writeOnly"] == .bool(true) ? .writeOnly : nil
        }
    }

    /// The `required` names that apply in this compiler's direction: those whose schema under
    /// `properties` (or a schema along its `$ref` chain) is `readOnly` are left out in a request,
    /// `writeOnly` in a response, as OAS 3.0.3 §4.7.24.1 says ("the required will take effect on
    /// the response only"), and in a 3.0 Schema Object either without a direction.
    mutating func requiredInDirection(_ names: [PropertyKey], of entry: SchemaEntry) throws(SanitizeError) -> [PropertyKey] {
        guard entry.draft == .openAPI3_0 || direction != nil, case .object(let properties)? = entry.value["properties"] else { return names }
        var kept: [PropertyKey] = []
        for name in names {
            guard let member = properties.first(where: { $0.key == name.text }) else {
                kept.append(name)
                continue
            }
            var place = child(entry, "properties", member.key, member.value)
            var hops = 0
            var leftOut = isLeftOutOfRequired(place)
            while !leftOut, case .string(let reference)? = place.value["$ref"], hops < Self.maxDirectionHops {
                place = try resolve(reference, from: place, keyword: "$ref")
                hops += 1
                leftOut = isLeftOutOfRequired(place)
            }
            if !leftOut { kept.append(name) }
        }
        return kept
    }

    /// Whether a property schema's `required` does not apply in this compiler's direction.
    func isLeftOutOfRequired(_ place: SchemaEntry) -> Bool {
        guard place.draft == .openAPI3_0 || direction != nil, case .object(let members) = place.value,
            !(place.draft.refOverridesSiblings && members.contains(where: { $0.key == "$ref" }))
        else {
            return false
        }
        let readOnly = place.value["readOnly"] == .bool(true)
        let writeOnly = place.value["writeOnly"] == .bool(true)
        switch direction {
        case .request?: return readOnly
        case .response?: return writeOnly
        case nil: return readOnly || writeOnly
        }
    }
}
