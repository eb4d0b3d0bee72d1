/// Case-insensitive comparison of ASCII names (header field names) without allocating.
enum ASCIICase {
    /// `host`, lowercase.
    static let host: [UInt8] = Array("host".utf8)

    /// Whether `name` equals `lowercase` when ASCII letters are compared without case.
    /// - Parameters:
    ///   - name: the name as given.
    ///   - lowercase: the reference name, already lowercase.
    /// - Returns: `true` on a match.
    static func equalsLowercased(_ name: String, _ lowercase: [UInt8]) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            guard bytes.count == lowercase.count else { return false }
            for index in 0..<bytes.count {
                let byte = bytes[index]
                let folded = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                if folded != lowercase[index] { return false }
            }
            return true
        }
    }
}
