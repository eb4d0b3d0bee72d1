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

/// Reads and checks one catalog file.
struct CatalogFileLoader {
    let fileName: String
    let bytes: [UInt8]
    let limits: MessageLimits

    /// The most alternatives one message may list.
    static let maxAlternatives = 8
    private static let topLevelKeys: Set<String> = [
        "locale", "description", "fallback", "codes", "statuses", "problemTypes",
    ]

    func load() throws(SanitizeError) -> MessageCatalog.LocaleMessages {
        guard bytes.count <= limits.maxCatalogBytes else {
            throw SanitizeError(
                .limitExceeded, "the catalog file is larger than \(limits.maxCatalogBytes) bytes",
                at: .init(file: fileName))
        }
        let root: MessageJSON.Value
        do {
            root = try MessageJSON.parse(bytes, maxDepth: limits.maxDepth)
        } catch {
            let (line, column) = MessageJSON.lineAndColumn(of: error.byteOffset, in: bytes)
            throw SanitizeError(
                error.isDuplicateKey ? .catalogDuplicateKey : .catalogSyntax, error.reason,
                at: .init(
                    file: fileName, pointer: error.pointer, line: line, column: column, byteOffset: error.byteOffset))
        }
        guard case .object(let members) = root else {
            throw problem(.catalogSyntax, "a catalog file must hold one JSON object", pointer: [], offset: 0)
        }
        let tag = try declaredLocale(members)
        guard let fallbackMember = members.first(where: { $0.key == "fallback" }) else {
            throw problem(
                .catalogMissingFallback, "the catalog has no generic \"fallback\" message", pointer: ["fallback"],
                offset: 0)
        }
        var messages = MessageCatalog.LocaleMessages(
            tag: tag, fallback: try entry(fallbackMember.value, pointer: ["fallback"], offset: fallbackMember.keyOffset)
        )
        for member in members {
            guard Self.topLevelKeys.contains(member.key) else {
                throw problem(
                    .catalogInvalidEntry,
                    "unknown key \"\(member.key)\" (expected locale, description, fallback, codes, statuses, problemTypes)",
                    pointer: [member.key], offset: member.keyOffset)
            }
            switch member.key {
            case "description":
                guard case .string = member.value else {
                    throw problem(
                        .catalogInvalidEntry, "\"description\" must be a string", pointer: [member.key],
                        offset: member.keyOffset)
                }
            case "codes":
                for (key, entry) in try section(member) {
                    messages.codes[try codeKey(key.key, offset: key.keyOffset)] = entry
                }
            case "statuses":
                for (key, entry) in try section(member) {
                    let pointer = ["statuses", key.key]
                    switch try statusKey(key.key, offset: key.keyOffset) {
                    case .status(let status):
                        guard messages.statuses.updateValue(entry, forKey: status) == nil else {
                            throw problem(
                                .catalogDuplicateKey, "status \(status) is listed twice", pointer: pointer,
                                offset: key.keyOffset)
                        }
                    case .statusClass(let digit):
                        guard messages.statusClasses.updateValue(entry, forKey: digit) == nil else {
                            throw problem(
                                .catalogDuplicateKey, "status class \(digit)xx is listed twice", pointer: pointer,
                                offset: key.keyOffset)
                        }
                    default: break
                    }
                }
            case "problemTypes":
                for (key, entry) in try section(member) {
                    messages.problemTypes[try problemTypeKey(key.key, offset: key.keyOffset)] = entry
                }
            default: break
            }
        }
        return messages
    }

    private func declaredLocale(_ members: [MessageJSON.Member]) throws(SanitizeError) -> String {
        let baseName = String(((fileName as NSString).lastPathComponent as NSString).deletingPathExtension)
        guard let member = members.first(where: { $0.key == "locale" }), case .string(let tag) = member.value else {
            throw problem(
                .catalogLocale, "the catalog needs a \"locale\" string naming its locale (\"\(baseName)\")",
                pointer: ["locale"], offset: 0)
        }
        guard LocaleFallback.truncations(of: tag).first == tag.lowercased().replacingOccurrences(of: "_", with: "-"),
            !tag.contains("_")
        else {
            throw problem(
                .catalogLocale, "\"\(tag)\" is not a BCP 47 language tag such as en or es-MX", pointer: ["locale"],
                offset: member.keyOffset)
        }
        guard tag.lowercased() == baseName.lowercased() else {
            throw problem(
                .catalogLocale, "the locale \"\(tag)\" does not match the file name \(baseName).json",
                pointer: ["locale"],
                offset: member.keyOffset)
        }
        return tag
    }

    private func section(_ member: MessageJSON.Member) throws(SanitizeError) -> [(MessageJSON.Member, MessageEntry)] {
        guard case .object(let entries) = member.value else {
            throw problem(
                .catalogInvalidEntry, "\"\(member.key)\" must be an object of messages", pointer: [member.key],
                offset: member.keyOffset)
        }
        return try entries.map { (item) throws(SanitizeError) in
            (item, try entry(item.value, pointer: [member.key, item.key], offset: item.keyOffset))
        }
    }

    private func codeKey(_ key: String, offset: Int) throws(SanitizeError) -> String {
        guard (1...MessageLimits.maxServerCodeBytes).contains(key.utf8.count),
            !key.unicodeScalars.contains(where: { $0.properties.isWhitespace || MessageTemplate.isForbidden($0) })
        else {
            throw problem(
                .catalogInvalidEntry,
                "a code must be 1 to \(MessageLimits.maxServerCodeBytes) bytes without spaces or controls",
                pointer: ["codes", key], offset: offset)
        }
        return key
    }

    private func statusKey(_ key: String, offset: Int) throws(SanitizeError) -> MessageSelector {
        let bytes = Array(key.utf8)
        if bytes.count == 3, bytes[1] | 0x20 == UInt8(ascii: "x"), bytes[2] | 0x20 == UInt8(ascii: "x"),
            bytes[0] == UInt8(ascii: "4") || bytes[0] == UInt8(ascii: "5")
        {
            return .statusClass(Int(bytes[0] - UInt8(ascii: "0")))
        }
        guard bytes.count == 3, bytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let status = Int(key), (100...599).contains(status)
        else {
            throw problem(
                .catalogInvalidEntry, "a status key must be a code from 100 to 599, 4xx or 5xx",
                pointer: ["statuses", key],
                offset: offset)
        }
        return .status(status)
    }

    private func problemTypeKey(_ key: String, offset: Int) throws(SanitizeError) -> String {
        guard ProblemDetails.isProblemTypeURI(key) else {
            throw problem(
                .catalogInvalidEntry,
                "a problem type must be a URI of 1 to \(MessageLimits.maxKeyBytes) bytes without spaces or controls, not about:blank",
                pointer: ["problemTypes", key], offset: offset)
        }
        return key
    }

    /// A message: a string, or a list of alternatives whose last one has no placeholders.
    private func entry(_ value: MessageJSON.Value, pointer: [String], offset: Int) throws(SanitizeError) -> MessageEntry {
        var texts: [String] = []
        switch value {
        case .string(let text): texts = [text]
        case .array(let items) where (1...Self.maxAlternatives).contains(items.count):
            for item in items {
                guard case .string(let text) = item else {
                    throw problem(
                        .catalogInvalidEntry, "every alternative must be a string", pointer: pointer, offset: offset)
                }
                texts.append(text)
            }
        default:
            throw problem(
                .catalogInvalidEntry, "a message must be a string or a list of 1 to \(Self.maxAlternatives) strings",
                pointer: pointer, offset: offset)
        }
        var alternatives: [MessageTemplate] = []
        for text in texts {
            do {
                alternatives.append(try MessageTemplate(parsing: text))
            } catch {
                switch error {
                case .unknownPlaceholder(let name):
                    throw problem(
                        .catalogUnknownPlaceholder,
                        "unknown placeholder {\(name)} (allowed: \(MessagePlaceholder.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ")))",
                        pointer: pointer, offset: offset)
                case .invalid(let reason):
                    throw problem(.catalogInvalidEntry, reason, pointer: pointer, offset: offset)
                }
            }
        }
        if let last = alternatives.last, last.hasPlaceholders {
            throw problem(
                .catalogInvalidEntry,
                "the last alternative shows a response value; add a last alternative without placeholders for when the value is absent",
                pointer: pointer, offset: offset)
        }
        return MessageEntry(alternatives: alternatives)
    }

    private func problem(_ code: SanitizeError.Code, _ reason: String, pointer: [String], offset: Int) -> SanitizeError
    {
        let (line, column) = MessageJSON.lineAndColumn(of: offset, in: bytes)
        return SanitizeError(
            code, reason,
            at: .init(file: fileName, pointer: MessageJSON.pointer(pointer), line: line, column: column))
    }
}
