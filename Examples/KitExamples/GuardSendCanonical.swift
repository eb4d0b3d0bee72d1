import Foundation
import SanitizeKit

/// docs/guard.md: an app that checks a URL `text` itself and sends with its own `send`.
func sendChecked(
    _ text: String, fields: [HTTPHeaderField], requestGuard: RequestGuard,
    send: (URL, [HTTPHeaderField]) async throws -> Void
) async throws {
    switch requestGuard.check(url: text, headers: fields) {
    case .allow(let canonicalURL): try await send(URL(string: canonicalURL)!, fields)
    case .deny(let reason): throw reason
    }
}
