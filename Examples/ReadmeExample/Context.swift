import Foundation

// What the README's example (main.swift, which a test keeps identical to the README) takes
// as given: an app's values and functions. This target is built, never run.

/// A value typed by a user.
let raw = "  Ada Lovelace "
/// An address typed by a user.
let address = "ada@example.com"
/// A file name that goes into a URL path.
let fileName = "report 2024.pdf"
/// The request's URL.
let url = "https://api.example.com/v1/users"
/// The signed-in user's token.
let token = "token"
/// A response body.
let responseBody = Data(#"{"id":1,"name":"Ada","email":"ada@example.com"}"#.utf8)
/// An uploaded file.
let upload: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
/// An error response body.
let body = Array(#"{"code":"rate-limited"}"#.utf8)
/// One NDJSON line.
let line = #"{"id":1,"name":" Ada ","email":"ada@example.com"}"#

/// The app's model.
struct User: Decodable {
    var id: Int
    var name: String
    var email: String
}

/// Sends the request.
func send() {}

/// Logs a denial.
func log(_ code: String) {}

/// A text label of the app's UI.
@MainActor final class Label {
    var text = ""
}

/// The label that shows errors.
@MainActor let label = Label()
