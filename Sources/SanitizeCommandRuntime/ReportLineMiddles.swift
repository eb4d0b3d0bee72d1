package import SanitizeKit

/// The middle of report lines, rendered once per kind of violation and then copied: what
/// follows from a violation's keyword location and code alone
/// (``BatchFilter/appendKeywordMembers(path:keyword:code:to:)``: `","keywordLocation":"…","keyword":…,"code":"…","message":"`).
///
/// Most invalid records of a file fail the same few keywords, and these members are most of
/// a report line's pieces: written piece by piece (each an append, most of them escaped) they
/// cost more than the rest of the line. A batch keeps one of these for its records. It also
/// keeps the whole end of the line of a fault's compiled violation, which the same place
/// (verdict and instance location) renders the same, word for word: one copy then writes
/// all but the line number.
package struct ReportLineMiddles {
    private struct Entry {
        var path: String
        var keyword: String
        var code: Violation.Code
        var bytes: [UInt8]
    }

    /// The kinds rendered so far, in the order first met.
    private var entries: [Entry] = []

    /// The end of a report line for a compiled violation (``RecordFilter/compiledPlace(of:in:)``):
    /// everything after its line number, file and key.
    private struct End {
        var place: ReportedViolations.CompiledPlace
        var bytes: [UInt8]
    }

    /// The ends rendered so far, one per verdict (the last instance location it had).
    private var ends: [End] = []

    /// The most kinds kept; a violation of another kind is rendered where it is written.
    static let capacity = 16

    package init() {}

    /// Appends the end of a report line rendered before for a compiled violation at `place`;
    /// `false` when there is none (the caller renders it and hands it to ``keepEnd(_:for:)``).
    package func appendEnd(for place: ReportedViolations.CompiledPlace, to out: inout [UInt8]) -> Bool {
        // By index, in place: a loop over the elements copies each, a retain and a release of
        // each of its three buffers per element passed.
        for index in ends.indices where ends[index].place == place {
            out.append(contentsOf: ends[index].bytes)
            return true
        }
        return false
    }

    /// Keeps the end of a report line rendered for a compiled violation at `place`, in place
    /// of its verdict's end at another place (while room lasts).
    package mutating func keepEnd(_ bytes: [UInt8], for place: ReportedViolations.CompiledPlace) {
        // The place's bytes copied: sharing the workspace's buffers would make the next record
        // copy them before writing its own (an allocation per record).
        let kept = End(place: place.copied(), bytes: bytes)
        if let index = ends.firstIndex(where: { $0.place.verdict == place.verdict }) {
            ends[index] = kept
        } else if ends.count < Self.capacity {
            ends.append(kept)
        }
    }

    /// Appends the middle of a violation's report line, from its keyword location's parts
    /// (``Violation/keywordLocationParts``) and code: copied when a violation with the same
    /// parts and code was rendered before.
    package mutating func append(path: String, keyword: String, code: Violation.Code, to out: inout [UInt8]) {
        // Locations and codes are mostly the contract's own strings, shared by every violation
        // of a kind, so that each comparison is settled by identity.
        for index in entries.indices
        where entries[index].path == path && entries[index].keyword == keyword && entries[index].code == code {
            out.append(contentsOf: entries[index].bytes)
            return
        }
        guard entries.count < Self.capacity else {
            BatchFilter.appendKeywordMembers(path: path, keyword: keyword, code: code, to: &out)
            return
        }
        var bytes: [UInt8] = []
        BatchFilter.appendKeywordMembers(path: path, keyword: keyword, code: code, to: &bytes)
        out.append(contentsOf: bytes)
        entries.append(Entry(path: path, keyword: keyword, code: code, bytes: bytes))
    }
}
