import NIOCore
import SanitizeKit
import Synchronization
import Vapor

extension SanitizingMiddleware {
    /// Reads the request body chunk by chunk against the limit.
    ///
    /// Vapor hands a middleware the body as a stream (or, when it came in one read, already
    /// collected); this reads it through `drain(_:)` so that the answer comes as soon as the
    /// limit is passed. The rest of an oversized body is then read and dropped (up to
    /// ``RequestBodyGate/drainLimit``, so the client can read the 413) and past that the
    /// stream is failed, which stops the server reading the connection.
    /// - Parameters:
    ///   - request: the request.
    ///   - limit: the most bytes kept.
    /// - Returns: the body's bytes, or `nil` when it passed the limit.
    /// - Throws: the stream's error (a reset connection, a malformed chunk).
    static func readBody(of request: Request, limit: Int) async throws -> [UInt8]? {
        let promise = request.eventLoop.makePromise(of: [UInt8]?.self)
        let reading = LockedBodyReading(BodyReading(collector: RequestBodyGate.Collector(limit: limit)))
        let eventLoop = request.eventLoop
        request.body.drain { result in
            // The promise is completed once, by whichever chunk decides; later chunks only drain.
            let (answer, keepReading): (Result<[UInt8]?, any Error>?, Bool) = reading.mutex.withLock {
                state in
                switch result {
                case .buffer(let buffer):
                    switch state.collector.append(buffer.readableBytesView) {
                    case .more: return (nil, true)
                    case .passedLimit: return (state.answer(.success(nil)), true)
                    case .stop: return (nil, false)
                    }
                case .error(let error):
                    return (state.answer(.failure(error)), true)
                case .end:
                    let bytes = state.collector.isTooLarge ? nil : state.collector.bytes
                    return (state.answer(.success(bytes)), true)
                }
            }
            if let answer { promise.completeWith(answer) }
            return keepReading
                ? eventLoop.makeSucceededVoidFuture() : eventLoop.makeFailedFuture(BodyDrainEnded())
        }
        return try await promise.futureResult.get()
    }

    /// The state of one body read.
    struct BodyReading: Sendable {
        var collector: RequestBodyGate.Collector
        var answered = false

        /// `result` the first time, `nil` after.
        mutating func answer(_ result: Result<[UInt8]?, any Error>) -> Result<[UInt8]?, any Error>? {
            if answered { return nil }
            answered = true
            return result
        }
    }

    /// The reading's state behind a lock, shared by the drain handler's calls (on the event
    /// loop for a streamed body, on the caller's thread for a collected one).
    final class LockedBodyReading: Sendable {
        let mutex: Mutex<BodyReading>
        init(_ state: BodyReading) { mutex = Mutex(state) }
    }

    /// Ends the reading of an oversized body once enough of it has been drained.
    struct BodyDrainEnded: Error {}

    /// The sanitized bytes, written as the request's collected body by ``Encoder``: Vapor
    /// offers no setter for a request body, but `request.content.encode(_:using:)` stores what
    /// its encoder writes as the collected body, on the same `Request` (its route, parameters,
    /// storage and logger kept).
    struct SanitizedBody: Encodable {
        var bytes: [UInt8]

        /// Never called by ``Encoder``; an array of numbers for any other encoder.
        func encode(to encoder: any Swift.Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(bytes)
        }

        /// Writes a ``SanitizedBody``'s bytes as they are and sets `Content-Length` to their count.
        struct Encoder: ContentEncoder {
            func encode<E: Encodable>(
                _ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders
            ) throws {
                guard let sanitized = encodable as? SanitizedBody else {
                    throw EncodingError.invalidValue(
                        encodable, .init(codingPath: [], debugDescription: "only a SanitizedBody is written"))
                }
                body.writeBytes(sanitized.bytes)
                headers.replaceOrAdd(name: .contentLength, value: String(sanitized.bytes.count))
            }

            func encode<E: Encodable>(
                _ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders,
                userInfo: [CodingUserInfoKey: any Sendable]
            ) throws {
                try encode(encodable, to: &body, headers: &headers)
            }
        }
    }
}
