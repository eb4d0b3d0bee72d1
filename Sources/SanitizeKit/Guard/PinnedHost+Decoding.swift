import Foundation

extension PinnedHost {
    /// Reads one entry of the policy's `pins`:
    /// `{"host": "api.example.com", "includesSubdomains": false,
    ///   "sha256": ["sha256/…", "sha256/…"], "expires": "2027-06-01T00:00:00Z"}`.
    ///
    /// `host` and `sha256` are required; `sha256` needs at least ``minimumPins`` distinct
    /// well-formed pins; `expires` is an RFC 3339 date-time with a time zone.
    /// - Parameters:
    ///   - value: one element of `pins`.
    ///   - file: the policy file.
    /// - Throws: ``SanitizeError`` `policy-invalid` naming the offending key (unknown keys
    ///   included).
    init(_ value: RuleFile.Value, in file: RuleFile) throws(SanitizeError) {
        let members = try file.members(of: value, allowing: ["host", "includesSubdomains", "sha256", "expires"])
        let list = try file.required("sha256", in: members, of: value)
        var pins: [SPKIPin] = []
        for element in try file.elements(list) {
            guard let text = file.document.string(element.node), let pin = SPKIPin(text) else {
                throw file.problem(
                    "\"\(element.pointer)\" must be \"sha256/\" and the base64 of a 32-byte SHA-256 digest", at: element)
            }
            pins.append(pin)
        }
        if Set(pins).count < Self.minimumPins {
            throw file.problem(
                "at least \(Self.minimumPins) distinct pins are required (a backup key, RFC 7469 §4.3)", at: list)
        }
        var expires: Date?
        if let member = members.last(where: { $0.key == "expires" })?.value {
            guard let date = ISO8601DateFormatter().date(from: try file.string(member)) else {
                throw file.problem(
                    "\"\(member.pointer)\" must be an RFC 3339 date-time such as 2027-06-01T00:00:00Z", at: member)
            }
            expires = date
        }
        let host = try file.string(try file.required("host", in: members, of: value))
        let subdomains = try members.last(where: { $0.key == "includesSubdomains" }).map { (member) throws(SanitizeError) in
            try file.bool(member.value)
        }
        self.init(host: host, includesSubdomains: subdomains ?? false, pins: pins, expires: expires)
    }
}
