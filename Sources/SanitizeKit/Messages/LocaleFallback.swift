/// Turns a requested locale into the list of catalog locales to try, most specific first.
///
/// A request is one language tag (`es-MX`, BCP 47 / RFC 5646), a POSIX locale name
/// (`es_MX.UTF-8@euro`), or an `Accept-Language` list (`es-MX, es;q=0.9, en;q=0.5`,
/// RFC 9110 §12.5.4). Each tag is truncated one subtag at a time, as RFC 4647 §3.4 "Lookup"
/// does (`zh-Hant-TW` → `zh-Hant` → `zh`; extensions and private use after a singleton
/// subtag are dropped first), and the default locale comes last. `und`, `*`, `C`, `POSIX`,
/// empty or malformed tags contribute nothing, so they end at the default locale.
package enum LocaleFallback {
    /// The most language ranges read from an `Accept-Language` list.
    static let maxRanges = 16

    /// The candidate tags for a request, lowercased, most specific first, without the default.
    ///
    /// ```swift
    /// LocaleFallback.candidates(for: "es-MX")   // ["es-mx", "es"]
    /// ```
    /// - Parameter request: a tag, a POSIX locale name or an `Accept-Language` value.
    /// - Returns: the tags to try, without duplicates.
    package static func candidates(for request: String) -> [String] {
        guard request.utf8.count <= MessageLimits.maxLocaleTagBytes * maxRanges else { return [] }
        if !request.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ";") }) {
            return truncations(of: String(request.trimmingSpaces()))  // one tag: no list to rank
        }
        var ranges: [(tag: String, quality: Double, order: Int)] = []
        for (order, piece) in request.split(separator: ",", omittingEmptySubsequences: true).prefix(maxRanges)
            .enumerated()
        {
            let parts = piece.split(separator: ";")
            guard let tagPart = parts.first else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let trimmed = parameter.trimmingSpaces()
                if trimmed.hasPrefix("q=") || trimmed.hasPrefix("Q=") {
                    quality = Double(trimmed.dropFirst(2)) ?? 0
                }
            }
            guard quality > 0 else { continue }
            ranges.append((String(tagPart.trimmingSpaces()), quality, order))
        }
        ranges.sort { $0.quality != $1.quality ? $0.quality > $1.quality : $0.order < $1.order }
        var result: [String] = []
        for range in ranges {
            for candidate in truncations(of: range.tag) where !result.contains(candidate) {
                result.append(candidate)
            }
        }
        return result
    }

    /// The locales of `available` to try for `request`, ending with `defaultLocale`.
    /// - Parameters:
    ///   - request: a tag, a POSIX locale name or an `Accept-Language` value; `nil` for none.
    ///   - available: the lowercased locales a catalog holds.
    ///   - defaultLocale: the lowercased last resort.
    /// - Returns: lowercased locales, each present in `available` or equal to `defaultLocale`.
    static func chain(for request: String?, available: Set<String>, defaultLocale: String) -> [String] {
        var chain = (request.map(candidates(for:)) ?? []).filter { available.contains($0) && $0 != defaultLocale }
        chain.append(defaultLocale)
        return chain
    }

    /// One tag's truncations: `zh-hant-tw`, `zh-hant`, `zh`; empty for a malformed tag.
    static func truncations(of rawTag: String) -> [String] {
        guard rawTag.utf8.count <= MessageLimits.maxLocaleTagBytes else { return [] }
        var tag = Substring(rawTag)
        if let cut = tag.firstIndex(where: { $0 == "." || $0 == "@" }) { tag = tag[..<cut] }  // es_MX.UTF-8@euro
        var subtags: [String] = []
        for subtag in tag.split(separator: "-", omittingEmptySubsequences: false).flatMap({
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }) {
            guard (1...8).contains(subtag.utf8.count),
                subtag.utf8.allSatisfy({ isASCIILetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else { return [] }
            if subtag.utf8.count == 1 { break }  // an extension or private use singleton ends the lookup part
            subtags.append(subtag.lowercased())
        }
        guard let language = subtags.first, (2...8).contains(language.utf8.count),
            language.utf8.allSatisfy(isASCIILetter),
            !["und", "c", "posix", "mul", "zxx"].contains(language)
        else { return [] }
        return (1...subtags.count).reversed().map { subtags.prefix($0).joined(separator: "-") }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingSpaces() -> SubSequence {
        var text = self[...]
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
