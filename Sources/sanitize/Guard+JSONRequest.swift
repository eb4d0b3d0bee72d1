import Foundation
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

        /// Reads one line; unknown keys and wrong types are errors, never guesses.
        /// - Returns: the request, or the reason the line is not one.
        static func parse(_ line: [UInt8]) -> Result<JSONRequest, Invalid> {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
                return .failure("not a JSON object")
            }
            if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) {
                return .failure("unknown key \"\(unknown)\"; the keys are url, method, headers, redirectFrom")
            }
            guard let url = object["url"] as? String else { return .failure("\"url\" must be a string") }
            var request = JSONRequest(url: url)
            if let method = object["method"] {
                guard let method = method as? String else { return .failure("\"method\" must be a string") }
                request.method = method
            }
            if let from = object["redirectFrom"] {
                guard let from = from as? String else { return .failure("\"redirectFrom\" must be a string") }
                request.redirectFrom = from
            }
            if let headers = object["headers"] {
                guard let pairs = headers as? [Any] else { return .failure("\"headers\" must be an array of [name, value]") }
                for (index, pair) in pairs.enumerated() {
                    guard let pair = pair as? [Any], pair.count == 2, let name = pair[0] as? String,
                        let value = pair[1] as? String
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
