import Foundation

extension MessageCatalog {
    /// The package's own catalogs (`Rules/messages/en.json` and `es.json`), compiled in.
    ///
    /// A test checks that these equal the files in `Rules/` byte for byte and that they load.
    public static let builtIn: MessageCatalog = {
        do {
            return try MessageCatalog(sources: DefaultMessageCatalogs.sources)
        } catch {
            fatalError("the compiled-in message catalog does not load: \(error)")
        }
    }()

    /// Loads every `<locale>.json` file of a directory; other files are ignored.
    /// - Parameters:
    ///   - directory: the directory path, such as `Rules/messages`.
    ///   - defaultLocale: the locale of last resort; its file must be present (default `en`).
    ///   - limits: file size and count bounds.
    /// - Throws: ``SanitizeError`` naming the file and key: `io` (unreadable), `limit-exceeded`,
    ///   `catalog-syntax`, `catalog-duplicate-key`, `catalog-unknown-placeholder`,
    ///   `catalog-missing-fallback`, `catalog-invalid-entry` or `catalog-locale`.
    public init(directory: String, defaultLocale: String = "en", limits: MessageLimits = .default) throws(SanitizeError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
                .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        } catch {
            throw SanitizeError(.io, "cannot read the catalog directory", at: .init(file: directory))
        }
        guard names.count <= limits.maxCatalogFiles else {
            throw SanitizeError(
                .limitExceeded, "more than \(limits.maxCatalogFiles) catalog files", at: .init(file: directory))
        }
        var sources: [(fileName: String, bytes: [UInt8])] = []
        for name in names {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                let size = attributes[.size] as? Int, let data = FileManager.default.contents(atPath: path)
            else { throw SanitizeError(.io, "cannot read the catalog file", at: .init(file: path)) }
            guard size <= limits.maxCatalogBytes, data.count <= limits.maxCatalogBytes else {
                throw SanitizeError(
                    .limitExceeded, "the catalog file is larger than \(limits.maxCatalogBytes) bytes",
                    at: .init(file: path))
            }
            sources.append((path, Array(data)))
        }
        do throws(SanitizeError) {
            try self.init(sources: sources, defaultLocale: defaultLocale, limits: limits)
        } catch {
            // A problem of the directory as a whole (no file for the default locale): name it.
            guard (error.location?.file ?? "").isEmpty else { throw error }
            var location = error.location ?? .init()
            location.file = directory
            throw SanitizeError(error.code, error.reason, at: location)
        }
    }

    /// Loads catalogs from their bytes; each file's name (its last path component without
    /// `.json`) is its locale.
    /// - Parameters:
    ///   - sources: file names (or paths, used in error messages) and their bytes.
    ///   - defaultLocale: the locale of last resort; one source must be for it (default `en`).
    ///   - limits: size bounds.
    /// - Throws: ``SanitizeError`` as ``init(directory:defaultLocale:limits:)`` does.
    package init(
        sources: [(fileName: String, bytes: [UInt8])], defaultLocale: String = "en",
        limits: MessageLimits = .default
    ) throws(SanitizeError) {
        var byLocale: [String: LocaleMessages] = [:]
        for source in sources {
            let messages = try CatalogFileLoader(fileName: source.fileName, bytes: source.bytes, limits: limits).load()
            let key = messages.tag.lowercased()
            guard byLocale[key] == nil else {
                throw SanitizeError(
                    .catalogLocale, "a second catalog file for locale \(messages.tag)", at: .init(file: source.fileName)
                )
            }
            byLocale[key] = messages
        }
        guard byLocale[defaultLocale.lowercased()] != nil else {
            throw SanitizeError(
                .catalogLocale, "no catalog file for the default locale \(defaultLocale) (\(defaultLocale).json)",
                at: .init(file: sources.first.map { ($0.fileName as NSString).deletingLastPathComponent }))
        }
        self.init(byLocale: byLocale, defaultLocale: defaultLocale)
    }
}

/// Reads and checks one catalog file, through the package's one rule-file reader.
struct CatalogFileLoader {
    let fileName: String
    let bytes: [UInt8]
    let limits: MessageLimits

    /// The most alternatives one message may list.
    static let maxAlternatives = 8
    private static let topLevelKeys = ["locale", "description", "fallback", "codes", "statuses", "problemTypes"]

    func load() throws(SanitizeError) -> MessageCatalog.LocaleMessages {
        guard bytes.count <= limits.maxCatalogBytes else {
            throw SanitizeError(
                .limitExceeded, "the catalog file is larger than \(limits.maxCatalogBytes) bytes",
                at: .init(file: fileName))
        }
        let file = try RuleFile(
            bytes: RuleFile.blankingByteOrderMark(bytes), file: fileName, what: "message catalog",
            code: .catalogInvalidEntry, syntaxCode: .catalogSyntax, duplicateKeyCode: .catalogDuplicateKey,
            maxDepth: limits.maxDepth)
        guard file.document.kind(file.root.node) == .object else {
            throw file.problem("a catalog file must hold one JSON object", at: file.root, code: .catalogSyntax)
        }
        let members = try file.members(of: file.root, allowing: Self.topLevelKeys)
        let tag = try declaredLocale(members, in: file)
        guard let fallback = members.last(where: { $0.key == "fallback" })?.value else {
            throw file.missing("fallback", of: file.root, code: .catalogMissingFallback)
        }
        var messages = MessageCatalog.LocaleMessages(tag: tag, fallback: try entry(fallback, in: file))
        for member in members {
            switch member.key {
            case "description":
                _ = try file.string(member.value)
            case "codes":
                for (key, entry) in try section(member.value, in: file) {
                    messages.codes[try codeKey(key, in: file)] = entry
                }
            case "statuses":
                for (key, entry) in try section(member.value, in: file) {
                    switch try statusKey(key, in: file) {
                    case .status(let status):
                        guard messages.statuses.updateValue(entry, forKey: status) == nil else {
                            throw file.problem(
                                "status \(status) is listed twice", at: file.key(of: key), code: .catalogDuplicateKey)
                        }
                    case .statusClass(let digit):
                        guard messages.statusClasses.updateValue(entry, forKey: digit) == nil else {
                            throw file.problem(
                                "status class \(digit)xx is listed twice", at: file.key(of: key),
                                code: .catalogDuplicateKey)
                        }
                    default: break
                    }
                }
            case "problemTypes":
                for (key, entry) in try section(member.value, in: file) {
                    messages.problemTypes[try problemTypeKey(key, in: file)] = entry
                }
            default: break
            }
        }
        return messages
    }

    private func declaredLocale(_ members: [(key: String, value: RuleFile.Value)], in file: RuleFile)
        throws(SanitizeError) -> String
    {
        let baseName = String(((fileName as NSString).lastPathComponent as NSString).deletingPathExtension)
        let need = "the catalog needs a \"locale\" string naming its locale (\"\(baseName)\")"
        guard let value = members.last(where: { $0.key == "locale" })?.value else {
            var error = file.missing("locale", of: file.root, code: .catalogLocale)
            error.reason = need
            throw error
        }
        guard let tag = file.document.string(value.node) else {
            throw file.problem(need, at: value, code: .catalogLocale)
        }
        guard LocaleFallback.truncations(of: tag).first == tag.lowercased().replacingOccurrences(of: "_", with: "-"),
            !tag.contains("_")
        else {
            throw file.problem(
                "\"\(tag)\" is not a BCP 47 language tag such as en or es-MX", at: value, code: .catalogLocale)
        }
        guard tag.lowercased() == baseName.lowercased() else {
            throw file.problem(
                "the locale \"\(tag)\" does not match the file name \(baseName).json", at: value, code: .catalogLocale)
        }
        return tag
    }

    /// The messages of a section (`codes`, `statuses`, `problemTypes`): each member's value,
    /// checked, with the member (its key is read by the caller).
    private func section(_ value: RuleFile.Value, in file: RuleFile) throws(SanitizeError)
        -> [(RuleFile.Value, MessageEntry)]
    {
        var result: [(RuleFile.Value, MessageEntry)] = []
        for member in try file.members(of: value, allowing: nil) {
            result.append((member.value, try entry(member.value, in: file)))
        }
        return result
    }

    private func codeKey(_ member: RuleFile.Value, in file: RuleFile) throws(SanitizeError) -> String {
        let key = member.pointer.tokens.last ?? ""
        guard (1...MessageLimits.maxServerCodeBytes).contains(key.utf8.count),
            !key.unicodeScalars.contains(where: { $0.properties.isWhitespace || MessageTemplate.isForbidden($0) })
        else {
            throw file.problem(
                "a code must be 1 to \(MessageLimits.maxServerCodeBytes) bytes without spaces or controls",
                at: file.key(of: member))
        }
        return key
    }

    private func statusKey(_ member: RuleFile.Value, in file: RuleFile) throws(SanitizeError) -> MessageSelector {
        let key = member.pointer.tokens.last ?? ""
        let bytes = Array(key.utf8)
        if bytes.count == 3, bytes[1] | 0x20 == UInt8(ascii: "x"), bytes[2] | 0x20 == UInt8(ascii: "x"),
            bytes[0] == UInt8(ascii: "4") || bytes[0] == UInt8(ascii: "5")
        {
            return .statusClass(Int(bytes[0] - UInt8(ascii: "0")))
        }
        guard bytes.count == 3, bytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let status = Int(key), (100...599).contains(status)
        else {
            throw file.problem("a status key must be a code from 100 to 599, 4xx or 5xx", at: file.key(of: member))
        }
        return .status(status)
    }

    private func problemTypeKey(_ member: RuleFile.Value, in file: RuleFile) throws(SanitizeError) -> String {
        let key = member.pointer.tokens.last ?? ""
        guard ProblemDetails.isProblemTypeURI(key) else {
            throw file.problem(
                "a problem type must be a URI of 1 to \(MessageLimits.maxKeyBytes) bytes without spaces or controls, not about:blank",
                at: file.key(of: member))
        }
        return key
    }

    /// A message: a string, or a list of alternatives whose last one has no placeholders.
    private func entry(_ value: RuleFile.Value, in file: RuleFile) throws(SanitizeError) -> MessageEntry {
        let document = file.document
        var texts: [String] = []
        if let text = document.string(value.node) {
            texts = [text]
        } else if document.kind(value.node) == .array, (1...Self.maxAlternatives).contains(document.count(value.node)) {
            for item in try file.elements(value) {
                guard let text = document.string(item.node) else {
                    throw file.problem("every alternative must be a string", at: item)
                }
                texts.append(text)
            }
        } else {
            throw file.problem(
                "a message must be a string or a list of 1 to \(Self.maxAlternatives) strings", at: value)
        }
        var alternatives: [MessageTemplate] = []
        for text in texts {
            do {
                alternatives.append(try MessageTemplate(parsing: text))
            } catch {
                switch error {
                case .unknownPlaceholder(let name):
                    throw file.problem(
                        "unknown placeholder {\(name)} (allowed: \(MessagePlaceholder.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ")))",
                        at: value, code: .catalogUnknownPlaceholder)
                case .invalid(let reason):
                    throw file.problem(reason, at: value)
                }
            }
        }
        if let last = alternatives.last, last.hasPlaceholders {
            throw file.problem(
                "the last alternative shows a response value; add a last alternative without placeholders for when the value is absent",
                at: value)
        }
        return MessageEntry(alternatives: alternatives)
    }
}
