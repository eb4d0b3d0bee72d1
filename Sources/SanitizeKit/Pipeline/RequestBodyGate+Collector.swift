extension RequestBodyGate {
    /// A request body read chunk by chunk against the limit: it keeps bytes until the limit is
    /// passed, then drops them and only counts what is drained (up to ``drainLimit``), so no
    /// body past the limit is ever held whole.
    package struct Collector: Sendable {
        /// The bytes kept so far (empty once the limit is passed).
        package private(set) var bytes: [UInt8] = []
        /// Whether the limit has been passed.
        package private(set) var isTooLarge = false
        /// Bytes read and dropped after the limit was passed.
        package private(set) var drained = 0
        /// The limit in bytes.
        let limit: Int

        /// Creates an empty collector.
        /// - Parameters:
        ///   - limit: the most bytes kept.
        ///   - expectedCount: the body's declared length (`Content-Length`), if any: room for
        ///     that many bytes (up to the limit) is made at once.
        package init(limit: Int, expectedCount: Int? = nil) {
            self.limit = limit
            if let expectedCount, expectedCount > 0 { bytes.reserveCapacity(min(expectedCount, limit)) }
        }

        /// What to do after a chunk.
        package enum Step: Sendable, Equatable {
            /// Read on.
            case more
            /// The limit was passed with this chunk: answer 413 now (and drain the rest).
            case passedLimit
            /// Past the limit and drained enough: stop reading.
            case stop
        }

        /// Takes one chunk.
        /// - Parameter chunk: the chunk's bytes.
        /// - Returns: what to do next.
        package mutating func append(_ chunk: some Collection<UInt8>) -> Step {
            if isTooLarge {
                drained += chunk.count
                return drained > RequestBodyGate.drainLimit ? .stop : .more
            }
            if bytes.count + chunk.count > limit {
                isTooLarge = true
                bytes = []
                return .passedLimit
            }
            bytes.append(contentsOf: chunk)
            return .more
        }
    }
}
