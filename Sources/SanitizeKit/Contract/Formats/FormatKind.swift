/// The `format` values checked when ``Contract/Options/assertFormats`` is on.
/// Any other format name stays an annotation.
enum FormatKind: String, Sendable {
    case date, time, dateTime = "date-time", duration
    case ipv4, ipv6, hostname, email
    case idnEmail = "idn-email"
    case uri, uriReference = "uri-reference", uuid, jsonPointer = "json-pointer", regex

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
