import SanitizeKit

/// The values the dot-segment proofs run through ``URLPath``: every naughty string and
/// injection payload, and every mix of `.`, `%2e`, `%2E`, `/` and `a` up to four pieces
/// (780 values: `..`, `.%2E`, `%2e/..`, `a/./`, …).
package enum URLPathCandidates {
    /// The base every encoded value is appended to.
    package static let basePath = "/files/"

    package static let generated: [String] = {
        let pieces = [".", "%2e", "%2E", "/", "a"]
        var result: [String] = []
        var level = [""]
        for _ in 1...4 {
            level = level.flatMap { prefix in pieces.map { prefix + $0 } }
            result += level
        }
        return result
    }()

    package static let all: [String] = TextCorpus.all + generated

    /// What ``URLPath`` accepted: each value's encoded segment and encoded path (`nil` when refused).
    package static let encoded: [(value: String, segment: String?, path: String?)] = all.map { value in
        (value, try? URLPath.encodeSegment(value), try? URLPath.encodePath(value))
    }

    /// Every accepted output, segment and path, once.
    package static var acceptedOutputs: [String] {
        var seen = Set<String>()
        return encoded.flatMap { [$0.segment, $0.path].compactMap { $0 } }.filter { seen.insert($0).inserted }
    }
}
