/// The allowlist of values that a catalog message may show, all taken from the response.
///
/// A catalog that names any other placeholder fails to load. Each value is checked against a
/// small ASCII character set and a length bound before it is shown (see ``MessageValues``);
/// a value that fails the check counts as absent, so nothing the server sends can add words,
/// markup, control or bidi characters to a message.
package enum MessagePlaceholder: String, CaseIterable, Sendable, Hashable {
    /// The HTTP status code, such as `503`.
    case status
    /// Seconds to wait, from a `Retry-After` header (RFC 9110 §10.2.3: delta-seconds, or an
    /// HTTP-date counted from the mapper's clock) or a `retryAfter`/`retry_after` body field.
    case retryAfter
    /// The same wait in whole minutes, rounded up, at least 1.
    case retryAfterMinutes
    /// The name of the offending input field, from a `field` body member (or `error.field`,
    /// `errors[0].field`, `error.param`, RFC 9457's `invalid-params[0].name`).
    case field
    /// A request identifier for support, from an `X-Request-ID`/`Request-Id`/`X-Correlation-ID`
    /// header or a `requestId`/`request_id`/`traceId` body field.
    case requestId
}

/// The response values a message may show, each checked when it is shown.
///
/// Values are not escaped but checked: a field name may hold only `A-Z a-z 0-9 _ . - [ ] /`,
/// a request id only `A-Z a-z 0-9 _ . : -`, both at most 64 bytes; a wait is a whole number of
/// seconds from 1 up to one year (a wait of 0 says "now", which no message needs to show). These sets hold no character that means anything in plain text,
/// HTML, XML or a JSON string, so the finished message is safe in all of them without escaping.
public struct MessageValues: Sendable, Hashable {
    /// The HTTP status code.
    package var status: Int?
    /// Seconds to wait before retrying.
    package var retryAfterSeconds: Int?
    /// The offending input field's name.
    package var field: String?
    /// A request identifier.
    package var requestId: String?

    /// The longest field name or request id shown, in bytes.
    static let maxValueBytes = 64
    /// The longest wait shown, in seconds (one year).
    static let maxRetryAfterSeconds = 31_536_000

    /// Creates a set of values; every one is optional.
    /// - Parameters:
    ///   - status: the HTTP status code.
    ///   - retryAfterSeconds: seconds to wait.
    ///   - field: the offending field's name.
    ///   - requestId: a request identifier.
    public init(status: Int? = nil, retryAfterSeconds: Int? = nil, field: String? = nil, requestId: String? = nil) {
        self.status = status
        self.retryAfterSeconds = retryAfterSeconds
        self.field = field
        self.requestId = requestId
    }

    /// The text shown for `placeholder`, or `nil` when the value is absent or fails its check.
    /// - Parameter placeholder: the placeholder to fill.
    /// - Returns: the checked text.
    func text(for placeholder: MessagePlaceholder) -> String? {
        switch placeholder {
        case .status:
            guard let status, (100...599).contains(status) else { return nil }
            return String(status)
        case .retryAfter:
            guard let seconds = checkedRetryAfter else { return nil }
            return String(seconds)
        case .retryAfterMinutes:
            guard let seconds = checkedRetryAfter else { return nil }
            return String(max(1, (seconds + 59) / 60))
        case .field:
            return Self.checked(field, allowing: Self.isFieldByte)
        case .requestId:
            return Self.checked(requestId, allowing: Self.isRequestIdByte)
        }
    }

    private var checkedRetryAfter: Int? {
        guard let seconds = retryAfterSeconds, (1...Self.maxRetryAfterSeconds).contains(seconds) else { return nil }
        return seconds
    }

    private static func checked(_ value: String?, allowing isAllowed: (UInt8) -> Bool) -> String? {
        guard let value else { return nil }
        let bytes = value.utf8
        guard (1...maxValueBytes).contains(bytes.count), bytes.allSatisfy(isAllowed) else { return nil }
        return value
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isFieldByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || "_.-[]/".utf8.contains(byte)
    }

    private static func isRequestIdByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || "_.:-".utf8.contains(byte)
    }
}
