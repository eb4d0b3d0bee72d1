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

    /// The end of a report line for a compiled violation, everything after its line number,
    /// file and key, kept for its place (``RecordFilter/withCompiledPlace(of:in:_:)``): a run of
    /// ``endBytes`` that holds the place's instance location, then the shown string's bytes,
    /// then the line's end. Plain numbers: reading one retains nothing.
    private struct End {
        var verdict: Int
        var pointerCount: Int
        var shownCount: Int
        var start: Int
        var count: Int

        var lineStart: Int { start + pointerCount + shownCount }
        var lineEnd: Int { start + count }
    }

    /// The ends kept, one per verdict (the last place it had).
    private var ends: [End] = []
    /// Their bytes, one buffer for all: an end of its own buffer was retained and released
    /// per record its bytes were copied for.
    private var endBytes: [UInt8] = []

    /// The most bytes ``endBytes`` holds: past it, the runs of replaced ends are dropped.
    static let endBytesCapacity = 1 << 16

    /// The most kinds kept, and the most ends; a violation of another kind is rendered where
    /// it is written.
    static let capacity = 16

    package init() {}

    /// Appends the end of a report line kept for compiled violation `verdict` at the place
    /// `pointer`, `shown` (``RecordFilter/withCompiledPlace(of:in:_:)``); `false` when there is
    /// none (the caller renders it and hands it to ``keepEnd(_:verdict:pointer:shown:)``).
    /// (`mutating` only so that a caller's closure hands over its variable, not a copy: a copy
    /// retains and releases the three buffers per record.)
    package mutating func appendEnd(verdict: Int, pointer: [UInt8], shown: [UInt8], to out: inout [UInt8]) -> Bool {
        appendKeptEnd(verdict: verdict, pointer: pointer, shown: shown, to: &out)
    }

    /// ``appendEnd(verdict:pointer:shown:to:)``, reading ``endBytes`` borrowed: a slice of it
    /// taken where `self` is `inout` retained and released its buffer.
    private func appendKeptEnd(verdict: Int, pointer: [UInt8], shown: [UInt8], to out: inout [UInt8]) -> Bool {
        guard let index = ends.firstIndex(where: { $0.verdict == verdict }) else { return false }
        let end = ends[index]
        guard end.pointerCount == pointer.count, end.shownCount == shown.count, holds(pointer, at: end.start),
            holds(shown, at: end.start + end.pointerCount)
        else { return false }
        endBytes[end.lineStart..<end.lineEnd].withUnsafeBufferPointer { out.append(contentsOf: $0) }
        return true
    }

    /// Whether ``endBytes`` holds `bytes` at offset `start`.
    private func holds(_ bytes: [UInt8], at start: Int) -> Bool {
        for index in bytes.indices where endBytes[start + index] != bytes[index] { return false }
        return true
    }

    /// Keeps `line`, the end of a report line rendered for compiled violation `verdict` at the
    /// place `pointer`, `shown`, in place of its verdict's end at another place (while room lasts).
    package mutating func keepEnd(_ line: [UInt8], verdict: Int, pointer: [UInt8], shown: [UInt8]) {
        if let index = ends.firstIndex(where: { $0.verdict == verdict }) { ends.remove(at: index) }
        guard ends.count < Self.capacity else { return }
        let count = pointer.count + shown.count + line.count
        if endBytes.count + count > Self.endBytesCapacity {
            dropReplacedEnds()
            guard endBytes.count + count <= Self.endBytesCapacity else { return }
        }
        ends.append(End(verdict: verdict, pointerCount: pointer.count, shownCount: shown.count, start: endBytes.count, count: count))
        endBytes.append(contentsOf: pointer)
        endBytes.append(contentsOf: shown)
        endBytes.append(contentsOf: line)
    }

    /// Keeps in ``endBytes`` only the runs of the ends kept, moved to its start.
    private mutating func dropReplacedEnds() {
        var kept: [UInt8] = []
        for index in ends.indices {
            let start = kept.count
            kept.append(contentsOf: endBytes[ends[index].start..<ends[index].lineEnd])
            ends[index].start = start
        }
        endBytes = kept
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
