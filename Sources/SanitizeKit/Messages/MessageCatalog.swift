/// Predefined user messages by locale: for server error codes, HTTP statuses, RFC 9457
/// problem types, and a generic fallback per locale.
///
/// Load one from a directory of `<locale>.json` files (the format is in `Rules/messages/README.md`)
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
    /// Chains for requests that name a catalog locale exactly (`es`, `es-MX`, `es-mx`),
    /// computed once, so the common request costs one dictionary lookup.
    private let exactChains: [String: MessageLocale]

    /// The locale used when no requested locale is available (its file must exist).
    package var defaultLocale: String { byLocale[defaultKey]?.tag ?? defaultKey }

    /// The locales the catalog holds, as their files name them, sorted.
    package var locales: [String] { byLocale.values.map(\.tag).sorted() }

    init(byLocale: [String: LocaleMessages], defaultLocale: String) {
        let available = Set(byLocale.keys)
        let defaultKey = defaultLocale.lowercased()
        var exactChains: [String: MessageLocale] = [:]
        for (key, messages) in byLocale {
            let chain = MessageLocale(
                keys: LocaleFallback.chain(for: key, available: available, defaultLocale: defaultKey))
            exactChains[key] = chain
            exactChains[messages.tag] = chain
        }
        self.byLocale = byLocale
        self.available = available
        self.defaultKey = defaultKey
        self.exactChains = exactChains
    }

    /// Resolves a requested locale against this catalog once, for many lookups.
    ///
    /// ```swift
    /// let spanish = catalog.locale(for: "es-MX")   // chain: es → en
    /// let message = catalog.message(for: [.status(404)], locale: spanish)
    /// ```
    /// - Parameter request: a language tag, POSIX locale name or `Accept-Language` value
    ///   (see ``LocaleFallback``); `nil` for the default locale.
    /// - Returns: the catalog locales to try, most specific first, ending with the default.
    package func locale(for request: String?) -> MessageLocale {
        if let request, let chain = exactChains[request] { return chain }
        return MessageLocale(keys: LocaleFallback.chain(for: request, available: available, defaultLocale: defaultKey))
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
    package func message(
        for selectors: [MessageSelector], locale: String?, values: MessageValues = MessageValues()
    ) -> UserMessage {
        message(for: selectors, locale: self.locale(for: locale), values: values)
    }

    /// The message for the first selector that some locale of a resolved chain holds.
    /// - Parameters:
    ///   - selectors: the keys to try, in order.
    ///   - locale: a chain from ``locale(for:)``.
    ///   - values: the response values placeholders may show.
    /// - Returns: the message, never empty.
    package func message(
        for selectors: [MessageSelector], locale: MessageLocale, values: MessageValues = MessageValues()
    ) -> UserMessage {
        for selector in selectors where selector != .fallback {
            for key in locale.keys {
                if let messages = byLocale[key], let entry = messages.entry(for: selector) {
                    return UserMessage(text: entry.render(values), selectedBy: selector, locale: messages.tag)
                }
            }
        }
        for key in locale.keys {
            if let messages = byLocale[key] {
                return UserMessage(text: messages.fallback.render(values), selectedBy: .fallback, locale: messages.tag)
            }
        }
        guard let messages = byLocale[defaultKey] else {
            return UserMessage(text: "", selectedBy: .fallback, locale: defaultKey)  // not reached: loading requires it
        }
        return UserMessage(text: messages.fallback.render(values), selectedBy: .fallback, locale: messages.tag)
    }

    /// Whether some locale of the catalog holds `selector`.
    /// - Parameter selector: a key.
    /// - Returns: `true` when a message exists for it in any locale.
    package func contains(_ selector: MessageSelector) -> Bool {
        byLocale.values.contains { $0.entry(for: selector) != nil }
    }
}

/// A requested locale resolved against a catalog: the catalog locales to try, in order.
///
/// Get one from ``MessageCatalog/locale(for:)`` once per user or session and pass it to
/// every lookup, so the request is parsed once.
package struct MessageLocale: Sendable, Hashable {
    /// Lowercased catalog locale keys, most specific first, ending with the default locale.
    let keys: [String]

    /// The catalog locales to try, lowercased, most specific first.
    package var chain: [String] { keys }
}
