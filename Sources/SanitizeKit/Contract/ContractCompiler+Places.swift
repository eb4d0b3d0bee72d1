/// The members of a schema object that name it or move it: `$schema`, the identifier (`$id`;
/// `id` in draft-04), `$ref` (beside which draft-04 to draft-07 ignore the identifier) and the
/// anchors, found in one scan. The last member of a name wins, as ``JSONValue/subscript(key:)``
/// reads. Most subschemas have none of them.
struct SchemaMarkers {
    var metaschema: JSONValue?
    var dollarID: JSONValue?
    var legacyID: JSONValue?
    var hasRef = false
    var anchor: JSONValue?
    var dynamicAnchor: JSONValue?
    var recursiveAnchor: JSONValue?

    init(_ members: [JSONValue.Member]) {
        for member in members {
            // Every marker begins with `$`, except draft-04's `id`; the length picks the one
            // name a member can be, so each member costs at most one string comparison.
            let utf8 = member.key.utf8
            guard let first = utf8.first, first == UInt8(ascii: "$") || first == UInt8(ascii: "i") else { continue }
            switch utf8.count {
            case 2: if member.key == "id" { legacyID = member.value }
            case 3: if member.key == "$id" { dollarID = member.value }
            case 4: if member.key == "$ref" { hasRef = true }
            case 7:
                if member.key == "$schema" {
                    metaschema = member.value
                } else if member.key == "$anchor" {
                    anchor = member.value
                }
            case 14: if member.key == "$dynamicAnchor" { dynamicAnchor = member.value }
            case 16: if member.key == "$recursiveAnchor" { recursiveAnchor = member.value }
            default: break
            }
        }
    }

    /// The identifier member of `draft`.
    func id(in draft: Draft) -> JSONValue? {
        draft == .draft4 ? legacyID : dollarID
    }

    /// Whether the object may change its dialect or base URI (it has `$schema` or an identifier).
    var mayMove: Bool { metaschema != nil || dollarID != nil || legacyID != nil }
}

/// How a subschema keyword holds its subschemas.
enum SubschemaForm {
    /// One schema (`not`, `additionalProperties`).
    case single
    /// One schema, or an array of them (`items`, and the keywords whose array form is only an
    /// error, read as the walk of the previous rounds did).
    case singleOrArray
    /// An array of schemas (`allOf`).
    case array
    /// An object whose object and boolean member values are schemas (`properties`, `$defs`).
    case map
}

extension ContractCompiler {
    /// Where a schema object's own members put it: its dialect (`$schema`), the resource its
    /// identifier opens (unless draft-04 to draft-07 ignore it beside `$ref`), and the anchor
    /// an identifier names (draft-06/07 `"$id": "#name"`, or an identifier's fragment before
    /// 2019-09), as a full `uri#name` key.
    struct OwnPlace {
        var dialect: Dialect
        var resource: URIReference?
        var idAnchorKey: String?
    }

    /// The place a schema object's own members give it (see ``OwnPlace``).
    /// - Parameters:
    ///   - markers: the object's markers.
    ///   - base: the base URI it is read under.
    ///   - dialect: the dialect it is read in unless it names its own.
    mutating func ownPlace(_ markers: SchemaMarkers, base: URIReference, baseText: String, dialect: Dialect) -> OwnPlace {
        var dialect = dialect
        if case .string(let metaschema)? = markers.metaschema {
            if let known = Draft.named(metaschema) {
                dialect = Dialect(draft: known)
            } else if let meta = lookupMetaschema(metaschema, draft: dialect.draft) {
                dialect = meta
            } else {
                dialect.unknownMetaschema = metaschema
            }
        }
        var place = OwnPlace(dialect: dialect)
        let draft = dialect.draft
        guard case .string(let id)? = markers.id(in: draft), !(draft.refOverridesSiblings && markers.hasRef) else { return place }
        if draft.idMayBeAnchor && id.hasPrefix("#") {
            place.idAnchorKey = baseText + id
            return place
        }
        let resolved = base.resolve(URIReference(id))
        let resource = resolved.withoutFragment
        place.resource = resource
        if let fragment = resolved.fragment, !fragment.isEmpty, draft.idMayBeAnchor {
            place.idAnchorKey = resource.text + "#" + fragment
        }
        return place
    }

    /// The entry of the subschema `value`, held by `parent`'s `keyword` (at `token`, the member
    /// name or index, unescaped, under an array or object keyword): the parent's place one
    /// pointer step further down, moved by the subschema's own `$schema` and identifier.
    mutating func child(_ parent: SchemaEntry, _ keyword: String, _ token: String?, _ value: JSONValue) -> SchemaEntry {
        // One string for the pointer, sized up front. Subschema keywords need no escaping.
        let escaped = token.map(JSONPointer.escape)
        var pointer = ""
        pointer.reserveCapacity(parent.pointer.utf8.count + keyword.utf8.count + (escaped?.utf8.count ?? -1) + 2)
        pointer += parent.pointer
        pointer += "/"
        pointer += keyword
        if let escaped {
            pointer += "/"
            pointer += escaped
        }
        // Inside a nested resource the document's pointer is longer: it is built apart.
        var documentPointer = pointer
        if parent.documentPointer != parent.pointer {
            documentPointer = parent.documentPointer + "/" + keyword + (escaped.map { "/" + $0 } ?? "")
        }
        var entry = SchemaEntry(value: value, resource: parent.resource, pointer: pointer, documentPointer: documentPointer, dialect: parent.dialect)
        guard case .object(let members) = value else { return entry }
        let markers = SchemaMarkers(members)
        guard markers.mayMove else { return entry }
        let place = ownPlace(markers, base: entry.base, baseText: entry.baseText, dialect: entry.dialect)
        entry.dialect = place.dialect
        if let resource = place.resource {
            entry.resource = self.place(resource, resource.text, document: parent.resource.documentURI)
            entry.pointer = ""
        }
        return entry
    }

    /// How `keyword` holds subschemas in `draft`, or `nil` when it holds none.
    static func subschemaForm(_ keyword: String, draft: Draft) -> SubschemaForm? {
        // The first byte and the length leave one candidate (two for `allOf`/`anyOf`), so a
        // member costs at most two string comparisons.
        let utf8 = keyword.utf8
        guard let first = utf8.first else { return nil }
        func form(_ name: String, _ form: SubschemaForm) -> SubschemaForm? { keyword == name ? form : nil }
        switch (first, utf8.count) {
        case (UInt8(ascii: "a"), 20): return form("additionalProperties", .single)
        case (UInt8(ascii: "p"), 13): return form("propertyNames", .single)
        case (UInt8(ascii: "c"), 8): return form("contains", .single)
        case (UInt8(ascii: "n"), 3): return form("not", .single)
        case (UInt8(ascii: "i"), 2): return form("if", .single)
        case (UInt8(ascii: "t"), 4): return form("then", .single)
        case (UInt8(ascii: "e"), 4): return form("else", .single)
        case (UInt8(ascii: "c"), 13): return form("contentSchema", .single)
        case (UInt8(ascii: "a"), 15): return draft.hasPrefixItems ? nil : form("additionalItems", .single)
        case (UInt8(ascii: "u"), 16): return form("unevaluatedItems", .singleOrArray)
        case (UInt8(ascii: "u"), 21): return form("unevaluatedProperties", .singleOrArray)
        case (UInt8(ascii: "p"), 11): return form("prefixItems", .singleOrArray)
        case (UInt8(ascii: "i"), 5): return form("items", .singleOrArray)
        case (UInt8(ascii: "a"), 5): return form("allOf", .array) ?? form("anyOf", .array)
        case (UInt8(ascii: "o"), 5): return form("oneOf", .array)
        case (UInt8(ascii: "p"), 10): return form("properties", .map)
        case (UInt8(ascii: "p"), 17): return form("patternProperties", .map)
        case (UInt8(ascii: "d"), 16): return form("dependentSchemas", .map)
        case (UInt8(ascii: "$"), 5): return form("$defs", .map)
        case (UInt8(ascii: "d"), 11): return form("definitions", .map)
        case (UInt8(ascii: "d"), 12): return form("dependencies", .map)
        default: return nil
        }
    }

    /// The subschemas of a schema object in document order, each with the keyword that holds it
    /// and, under an array or object keyword, its index or member name (unescaped).
    static func subschemaSteps(of members: [JSONValue.Member], draft: Draft) -> [(keyword: String, token: String?, value: JSONValue)] {
        var result: [(keyword: String, token: String?, value: JSONValue)] = []
        for member in members {
            guard let form = subschemaForm(member.key, draft: draft) else { continue }
            switch (form, member.value) {
            case (.singleOrArray, .array(let items)), (.array, .array(let items)):
                for (index, item) in items.enumerated() { result.append((member.key, String(index), item)) }
            case (.single, _), (.singleOrArray, _):
                result.append((member.key, nil, member.value))
            case (.map, .object(let children)):
                for child in children {
                    switch child.value {
                    case .object, .bool: result.append((member.key, child.key, child.value))
                    default: break
                    }
                }
            default:
                break
            }
        }
        return result
    }

    /// The subschema that the pointer tokens from `position` name first inside a schema
    /// object, and how many tokens that takes (one for a lone schema, two under an array or
    /// object keyword); `nil` when they name no subschema. The first member of a name counts,
    /// as the walk registered the first.
    static func subschemaStep(_ members: [JSONValue.Member], draft: Draft, _ tokens: [String], _ position: Int) -> (value: JSONValue, used: Int)? {
        let keyword = tokens[position]
        let length = keyword.utf8.count
        guard let form = subschemaForm(keyword, draft: draft),
            let value = members.first(where: { $0.key.utf8.count == length && $0.key == keyword })?.value
        else {
            return nil
        }
        let next = position + 1 < tokens.count ? tokens[position + 1] : nil
        switch (form, value) {
        case (.singleOrArray, .array(let items)), (.array, .array(let items)):
            guard let next, let index = JSONPointer.arrayIndex(next), items.indices.contains(index) else { return nil }
            return (items[index], 2)
        case (.single, _), (.singleOrArray, _):
            return (value, 1)
        case (.map, .object(let children)):
            guard let next else { return nil }
            // Lengths first: a `definitions` object can have hundreds of members.
            let length = next.utf8.count
            for child in children where child.key.utf8.count == length && child.key == next {
                switch child.value {
                case .object, .bool: return (child.value, 2)
                default: continue
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// The schema a JSON Pointer names below a registered schema `root` (registered at
    /// `document`): followed through subschema keywords, each step placed as
    /// ``child(_:_:_:_:)`` places it (so an identifier or `$schema` met on the way counts), and
    /// through a registered schema where the pointer passes outside subschema keywords (an
    /// OpenAPI component). `nil` when the pointer ends outside any schema or names nothing.
    mutating func schema(at tokens: [String], below root: SchemaEntry, document: String) -> SchemaEntry? {
        var current: SchemaEntry? = root
        var value = root.value
        var prefix = ""
        var position = 0
        while position < tokens.count {
            if let entry = current, case .object(let members) = entry.value,
                let step = Self.subschemaStep(members, draft: entry.draft, tokens, position)
            {
                let token = step.used == 2 ? tokens[position + 1] : nil
                current = child(entry, tokens[position], token, step.value)
                value = step.value
                prefix += "/" + tokens[position]
                if let token { prefix += "/" + JSONPointer.escape(token) }
                position += step.used
                continue
            }
            guard let next = JSONPointer(tokens: [tokens[position]]).resolve(in: value) else { return nil }
            value = next
            prefix += "/" + JSONPointer.escape(tokens[position])
            position += 1
            current = entries[document + "#" + prefix]
        }
        return current
    }
}
