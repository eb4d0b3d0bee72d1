/// The JSON type of one node of a parsed document.
@usableFromInline
package enum JSONKind: UInt8, Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool
    /// A number, kept as its exact text.
    case number
    /// A string.
    case string
    /// An array.
    case array
    /// An object.
    case object
}

/// One entry of a document's flat node array.
///
/// Containers are followed by their children in document order (for an object: key, value,
/// key, value, …); `next` is the index just past the node's whole subtree, so siblings are
/// reached by jumping from `next` to `next` without walking grandchildren.
@usableFromInline
struct JSONNode: Sendable {
    /// The node's JSON type.
    @usableFromInline var kind: JSONKind
    /// ``JSONNode/Flags`` bits.
    @usableFromInline var flags: UInt8
    /// Byte range in the document's storage: string content without quotes; number and
    /// literal text; a container from its opening to just past its closing bracket.
    @usableFromInline var start: UInt32
    @usableFromInline var end: UInt32
    /// Number of elements (array) or members (object); 0 for scalars.
    @usableFromInline var count: UInt32
    /// Index of the first node after this node's subtree.
    @usableFromInline var next: UInt32

    @usableFromInline
    init(kind: JSONKind, flags: UInt8, start: UInt32, end: UInt32, count: UInt32, next: UInt32) {
        self.kind = kind
        self.flags = flags
        self.start = start
        self.end = end
        self.count = count
        self.next = next
    }

    /// Bits of ``JSONNode/flags``.
    @usableFromInline
    enum Flags {
        /// A string whose text contains backslash escapes.
        @usableFromInline static let escaped: UInt8 = 1
        /// A number with neither fraction nor exponent.
        @usableFromInline static let integer: UInt8 = 2
        /// `true` (for a bool node).
        @usableFromInline static let isTrue: UInt8 = 4
        /// A string made only of ASCII bytes (so its length in code points is its byte count).
        @usableFromInline static let ascii: UInt8 = 8
        /// An object or array the parser stepped over (it was read already, and is strict
        /// JSON): it has no child nodes and its count is 0. Only a partial parse has these.
        @usableFromInline static let unread: UInt8 = 16
    }
}
