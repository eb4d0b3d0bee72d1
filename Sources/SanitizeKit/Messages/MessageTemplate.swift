/// One catalog message, split into literal text and allowlisted placeholders.
///
/// Syntax: `{name}` is a placeholder from ``MessagePlaceholder``; `{{` and `}}` stand for
/// literal braces. Any other brace, an unknown name, a control character, a bidi or line
/// separator character, an empty text or one over ``MessageLimits/maxMessageBytes`` is a
/// load-time error.
struct MessageTemplate: Sendable, Hashable {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case placeholder(MessagePlaceholder)
    }

    /// What is wrong with a template text.
    enum Problem: Error {
        case unknownPlaceholder(String)
        case invalid(String)
    }

    let segments: [Segment]

    /// Whether the template shows any response value.
    var hasPlaceholders: Bool {
        segments.contains { if case .placeholder = $0 { true } else { false } }
    }

    /// Parses and checks a catalog message text.
    /// - Parameter text: the text from the catalog.
    /// - Throws: ``Problem`` naming what is wrong.
    init(parsing text: String) throws(Problem) {
        guard !text.isEmpty else { throw .invalid("the message is empty") }
        guard text.utf8.count <= MessageLimits.maxMessageBytes else {
            throw .invalid("the message is longer than \(MessageLimits.maxMessageBytes) bytes")
        }
        if let bad = text.unicodeScalars.first(where: Self.isForbidden) {
            let hex = String(bad.value, radix: 16, uppercase: true)
            throw .invalid(
                "the message contains the control or bidi character U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)"
            )
        }
        var segments: [Segment] = []
        var literal = ""
        let scalars = Array(text.unicodeScalars)
        var position = 0
        while position < scalars.count {
            let scalar = scalars[position]
            position += 1
            switch scalar {
            case "{" where position < scalars.count && scalars[position] == "{":
                position += 1
                literal += "{"
            case "{":
                guard let close = scalars[position...].firstIndex(of: "}") else {
                    throw .invalid("an opening brace has no closing brace (write {{ for a literal brace)")
                }
                var name = ""
                name.unicodeScalars.append(contentsOf: scalars[position..<close])
                position = close + 1
                guard let placeholder = MessagePlaceholder(rawValue: name) else { throw .unknownPlaceholder(name) }
                if !literal.isEmpty { segments.append(.literal(literal)) }
                literal = ""
                segments.append(.placeholder(placeholder))
            case "}" where position < scalars.count && scalars[position] == "}":
                position += 1
                literal += "}"
            case "}":
                throw .invalid("a closing brace has no opening brace (write }} for a literal brace)")
            default:
                literal.unicodeScalars.append(scalar)
            }
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        self.segments = segments
    }

    /// The finished text, or `nil` when a placeholder's value is absent or fails its check.
    func render(_ values: MessageValues) -> String? {
        if segments.count == 1, case .literal(let literal) = segments[0] { return literal }  // shares storage
        var text = ""
        for segment in segments {
            switch segment {
            case .literal(let literal): text += literal
            case .placeholder(let placeholder):
                guard let value = values.text(for: placeholder) else { return nil }
                text += value
            }
        }
        return text
    }

    /// C0 and C1 controls, DEL, line and paragraph separators, bidi embeddings, overrides,
    /// isolates and marks (Trojan Source, CVE-2021-42574), and zero-width space and BOM.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200B, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }
}

/// A catalog entry: one message, or alternatives tried in order until one has every value it
/// shows. The last alternative never has placeholders, so an entry always yields a text.
struct MessageEntry: Sendable, Hashable {
    let alternatives: [MessageTemplate]

    /// The first alternative whose placeholders all have checked values.
    func render(_ values: MessageValues) -> String {
        for alternative in alternatives {
            if let text = alternative.render(values) { return text }
        }
        return ""
    }
}
