import SanitizeKit

extension Guard {
    /// One request of `sanitize guard`'s standard input:
    /// `{"url": "…", "method": "GET", "headers": [["Name", "value"], …], "redirectFrom": "…"}`.
    struct JSONRequest {
        var url: String
        var method = "GET"
        var headers: [HTTPHeaderField] = []
        var redirectFrom: String?

        /// Why a line is not a request.
        struct Invalid: Error, ExpressibleByStringInterpolation {
            var reason: String
            init(stringLiteral value: String) { reason = value }
        }

        static let keys: Set<String> = ["url", "method", "headers", "redirectFrom"]

        /// Reads one line with the package's one JSON parser (strict RFC 8259: a trailing comma or
        /// a repeated key is refused, not guessed at); unknown keys and wrong types are errors.
        /// - Returns: the request, or the reason the line is not one.
        static func parse(_ line: [UInt8]) -> Result<JSONRequest, Invalid> {
            let document: JSONDocument
            do {
                document = try JSONDocument(parsing: line)
            } catch {
                return .failure("not a JSON object: \(error.reason)")
            }
            guard document.kind(document.root) == .object else { return .failure("not a JSON object") }
            let members = document.members(document.root).map { (key: document.string($0.key) ?? "", value: $0.value) }
            if let unknown = members.map(\.key).sorted().first(where: { !keys.contains($0) }) {
                return .failure("unknown key \"\(unknown)\"; the keys are url, method, headers, redirectFrom")
            }
            func member(_ key: String) -> Int? { members.first { $0.key == key }?.value }
            guard let url = member("url").flatMap(document.string) else { return .failure("\"url\" must be a string") }
            var request = JSONRequest(url: url)
            if let method = member("method") {
                guard let method = document.string(method) else { return .failure("\"method\" must be a string") }
                request.method = method
            }
            if let from = member("redirectFrom") {
                guard let from = document.string(from) else { return .failure("\"redirectFrom\" must be a string") }
                request.redirectFrom = from
            }
            if let headers = member("headers") {
                guard document.kind(headers) == .array else { return .failure("\"headers\" must be an array of [name, value]") }
                for (index, pair) in document.elements(headers).enumerated() {
                    let parts = document.kind(pair) == .array ? document.elements(pair) : []
                    guard parts.count == 2, let name = document.string(parts[0]), let value = document.string(parts[1])
                    else {
                        return .failure("\"headers\"[\(index)] must be [name, value], two strings")
                    }
                    request.headers.append(HTTPHeaderField(name: name, value: value))
                }
            }
            return .success(request)
        }
    }
}

extension SanitizeError.Code {
    /// A line of `sanitize guard`'s standard input is not a request object.
    static let requestInvalid = Self(rawValue: "request-invalid")
}
