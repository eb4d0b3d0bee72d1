import Foundation
import SanitizeKit

/// docs/messages.md: `statusCode` and `data` of a server's error response.
func messageExamples(statusCode: Int, data: Data) throws {
    let mapper = ServerErrorMapper()            // compiled-in Rules/messages (en, es)
    // or: ServerErrorMapper(catalog: try MessageCatalog(directory: "Rules/messages"),
    //                       codeFields: ["error.code", "code"])

    let message = mapper.message(
        status: statusCode,
        headers: ["Retry-After": "30"],          // only Retry-After and request-id headers are read
        body: data,                              // Data or [UInt8]; at most 64 KiB inspected
        contentType: "application/problem+json",
        locale: "es-MX")                         // or "es_MX.UTF-8", or an Accept-Language list
    print(message.text)                          // "Demasiadas solicitudes. Vuelve a intentarlo en 30 segundos."
    print(message.locale)                        // "es"

    // No response at all (DNS failure, timeout): pass a generic code.
    print(mapper.message(forCode: "network", locale: "en").text)
    // "Could not connect. Please check your internet connection and try again."
}
