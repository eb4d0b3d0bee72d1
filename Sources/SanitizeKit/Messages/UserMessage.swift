/// A predefined message chosen for a server error, ready to show to a user.
///
/// `text` comes from the catalog, filled only with checked values from the allowlist of
/// ``MessagePlaceholder``; no text of the server's own (`message`, `detail`, `title`, HTML,
/// a stack trace) can reach it.
public struct UserMessage: Sendable, Hashable, CustomStringConvertible {
    /// The message for the user.
    public let text: String
    /// The catalog key that selected the message.
    package let selectedBy: MessageSelector
    /// The catalog locale the message came from, as its file names it (`en`, `es`, `es-MX`).
    public let locale: String

    /// Creates a message.
    /// - Parameters:
    ///   - text: the message for the user.
    ///   - selectedBy: the key that selected it.
    ///   - locale: the catalog locale it came from.
    package init(text: String, selectedBy: MessageSelector, locale: String) {
        self.text = text
        self.selectedBy = selectedBy
        self.locale = locale
    }

    /// The text.
    public var description: String { text }
}

/// Which catalog key selected a message, in the mapper's lookup order.
package enum MessageSelector: Sendable, Hashable, CustomStringConvertible {
    /// An RFC 9457 problem `type` URI (§3.1.1).
    case problemType(String)
    /// A server error code (a string, or a number as its decimal text) or a generic code.
    case code(String)
    /// An HTTP status code such as 404.
    case status(Int)
    /// A status class: 4 for the `4xx` key, 5 for `5xx`.
    case statusClass(Int)
    /// The locale's generic fallback message.
    case fallback

    /// The kind of key: `problem-type`, `code`, `status` or `fallback`.
    package var kind: String {
        switch self {
        case .problemType: "problem-type"
        case .code: "code"
        case .status, .statusClass: "status"
        case .fallback: "fallback"
        }
    }

    /// The key as the catalog spells it (`404`, `4xx`, `auth.expired`, a URI); empty for the fallback.
    package var key: String {
        switch self {
        case .problemType(let uri): uri
        case .code(let code): code
        case .status(let status): String(status)
        case .statusClass(let digit): "\(digit)xx"
        case .fallback: ""
        }
    }

    /// `kind:key`, or `fallback`.
    package var description: String {
        self == .fallback ? kind : "\(kind):\(key)"
    }
}
