import Testing

@testable import SanitizeKit

/// Matches every sample against each pattern twice, by the pattern's shortcut (which `shortcut`
/// makes from its source; a source it cannot read fails the test) and by PCRE2 through
/// ``PatternMatcher``, and expects the same answer from both.
/// - Returns: how many (pattern, sample) pairs matched.
func expectShortcutAgreesWithPCRE2(
    sources: [String], samples: [String], shortcut: (String) -> ((UnsafeRawBufferPointer) -> Bool)?
) throws -> Int {
    var matched = 0
    for source in sources {
        let mine = try #require(shortcut(source), "\(source) is not read as a shortcut")
        let real = try PatternMatcher(source, at: "")
        for sample in samples {
            var text = sample
            let (answer, expected) = text.withUTF8 { utf8 in
                (mine(UnsafeRawBufferPointer(utf8)), real.matches(UnsafeRawBufferPointer(utf8)))
            }
            #expect(answer == expected, "\(source) on \(sample.debugDescription)")
            if answer { matched += 1 }
        }
    }
    return matched
}
