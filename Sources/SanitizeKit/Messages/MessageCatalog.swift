/// Predefined user messages by locale: for server error codes, HTTP statuses, RFC 9457
/// problem types, and a generic fallback per locale.
///
/// Load one from a directory of `<locale>.json` files (the format is in `Rules/README-messages.md`)
/// or use ``builtIn``, the compiled-in copy of the package's `Rules/messages/`. Loading checks
/// every file and throws on the first problem; a loaded catalog is immutable and `Sendable`.
///
/// ```swift
/// let catalog = try MessageCatalog(directory: "Rules/messages")
/// let message = catalog.message(for: [.code("auth.expired")], locale: "es-MX")
/// print(message.text)   // "Tu sesión ha caducado. Inicia sesión de nuevo."
/// ```
public struct MessageCatalog: Sendable {
    /// One locale's messages.
    struct LocaleMessages: Sendable {
        var tag: String
        var fallback: MessageEntry
        var codes: [String: MessageEntry] = [:]
        var statuses: [Int: MessageEntry] = [:]
        var statusClasses: [Int: MessageEntry] = [:]
        var problemTypes: [String: MessageEntry] = [:]

        func entry(for selector: MessageSelector) -> MessageEntry? {
            switch selector {
            case .problemType(let uri): problemTypes[uri]
            case .code(let code): codes[code]
            case .status(let status): statuses[status]
            case .statusClass(let digit): statusClasses[digit]
            case .fallback: fallback
            }
        }
    }

    let byLocale: [String: LocaleMessages]
    private let available: Set<String>
    private let defaultKey: String

    /// The locale used when no requested locale is available (its file must exist).
    public var defaultLocale: String { byLocale[defaultKey]?.tag ?? defaultKey }

    /// The locales the catalog holds, as their files name them, sorted.
    public var locales: [String] { byLocale.values.map(\.tag).sorted() }

    init(byLocale: [String: LocaleMessages], defaultLocale: String) {
        self.byLocale = byLocale
        self.available = Set(byLocale.keys)
        self.defaultKey = defaultLocale.lowercased()
    }

    /// The message for the first selector that some locale of the fallback chain holds.
    ///
    /// Selectors are tried in the order given; for each, every locale of the chain
    /// (`es-MX` → `es` → the default locale) is tried before the next selector, as gettext and
    /// Android resources fall back key by key. When nothing matches, the most specific
    /// available locale's generic fallback is used.
    /// - Parameters:
    ///   - selectors: the keys to try, in order.
    ///   - locale: a language tag, POSIX locale name or `Accept-Language` value (see ``LocaleFallback``).
    ///   - values: the response values placeholders may show.
    /// - Returns: the message, never empty.
    public func message(
        for selectors: [MessageSelector], locale: String?, values: MessageValues = MessageValues()
    ) -> UserMessage {
        let chain = LocaleFallback.chain(for: locale, available: available, defaultLocale: defaultKey)
        for selector in selectors where selector != .fallback {
            for key in chain {
                if let messages = byLocale[key], let entry = messages.entry(for: selector) {
                    return UserMessage(text: entry.render(values), selectedBy: selector, locale: messages.tag)
                }
            }
        }
        for key in chain {
            if let messages = byLocale[key] {
                return UserMessage(text: messages.fallback.render(values), selectedBy: .fallback, locale: messages.tag)
            }
        }
        return UserMessage(text: "", selectedBy: .fallback, locale: defaultKey)
    }

    /// Whether some locale of the catalog holds `selector`.
    /// - Parameter selector: a key.
    /// - Returns: `true` when a message exists for it in any locale.
    public func contains(_ selector: MessageSelector) -> Bool {
        byLocale.values.contains { $0.entry(for: selector) != nil }
    }
}
