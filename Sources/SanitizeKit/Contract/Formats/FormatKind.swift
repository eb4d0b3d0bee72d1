/// The `format` values checked when ``Contract/Options/assertFormats`` is on.
/// Any other format name stays an annotation.
enum FormatKind: String, Sendable {
    case date, time, dateTime = "date-time", duration
    case ipv4, ipv6, hostname, email
    case idnEmail = "idn-email"
    case uri, uriReference = "uri-reference", uuid, jsonPointer = "json-pointer", regex

    /// Whether a schema of `draft` checks this format. Every dialect does, except that an
    /// OpenAPI 3.0 Schema Object reads `time` as an unknown format, an annotation: neither OAS
    /// 3.0.3 (§4.4, Data Types) nor the JSON Schema draft it builds on defines `time` (draft-03
    /// had `HH:MM:SS`, draft-07 RFC 3339 `full-time` with its offset), and OAS 3.0.3 §4.4 lets a
    /// tool that does not recognize a format fall back to the type alone. So `"17:00:00"`, a
    /// local time real 3.0 documents mean by it, is not refused for lacking an offset.
    func isDefined(in draft: Draft) -> Bool {
        switch draft {
        case .openAPI3_0: return self != .time
        case .draft4, .draft6, .draft7, .draft2019_09, .draft2020_12: return true
        }
    }

    /// Whether the UTF-8 text is in this format.
    func accepts(_ text: UnsafeRawBufferPointer) -> Bool {
        switch self {
        case .date: return DateTimeFormat.isDate(text)
        case .time: return DateTimeFormat.isTime(text)
        case .dateTime: return DateTimeFormat.isDateTime(text)
        case .duration: return DateTimeFormat.isDuration(text)
        case .ipv4: return NetworkFormat.isIPv4(text)
        case .ipv6: return NetworkFormat.isIPv6(text)
        case .hostname: return NetworkFormat.isHostname(text)
        case .email: return NetworkFormat.isEmail(text)
        case .idnEmail: return NetworkFormat.isIDNEmail(text)
        case .uri: return URIFormat.isURI(text, requireScheme: true)
        case .uriReference: return URIFormat.isURI(text, requireScheme: false)
        case .uuid: return URIFormat.isUUID(text)
        case .jsonPointer: return URIFormat.isJSONPointer(text)
        case .regex: return URIFormat.isRegex(text)
        }
    }
}
