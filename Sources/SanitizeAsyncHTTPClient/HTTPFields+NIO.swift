import HTTPTypes
import NIOHTTP1

extension HTTPFields {
    /// NIO's response header fields as `HTTPFields`, in order; a name that is not a token
    /// (which NIO's parser would not have produced) is left out.
    init(nioHeaders headers: HTTPHeaders) {
        self.init()
        for (name, value) in headers {
            if let fieldName = HTTPField.Name(name) { append(HTTPField(name: fieldName, value: value)) }
        }
    }
}
