import Foundation

/// Byte buffers handed back once written, for the next batch's output and report.
///
/// A batch's output is about the size of the batch (256 KiB). A new array for each batch is
/// a new allocation of that size, which `malloc` serves with fresh pages (above its mapping
/// threshold, or after it has trimmed its heap) and gives back to the kernel when it is freed:
/// every page of the output faulted in, and every unmapping interrupted the other cores to
/// flush their address caches. A recycled buffer keeps its pages, so a batch writes into
/// memory that is already there.
///
/// `@unchecked Sendable`: `buffers` and `pooledBytes` are only touched while holding `lock`.
package final class ByteBufferPool: @unchecked Sendable {
    private let lock = NSLock()
    private var buffers: [[UInt8]] = []
    private var pooledBytes = 0
    /// The most bytes of capacity the pool keeps: a buffer that would pass it is dropped (one
    /// batch of huge records does not keep its memory for the rest of the run).
    private let maxPooledBytes: Int

    /// Creates an empty pool.
    /// - Parameter maxPooledBytes: the most capacity it keeps, in bytes (default 16 MiB).
    package init(maxPooledBytes: Int = 16 << 20) {
        self.maxPooledBytes = maxPooledBytes
    }

    /// An empty buffer with at least `capacity` bytes of room: a recycled one when there is
    /// one (the most recent that is large enough, else the largest).
    package func take(capacity: Int) -> [UInt8] {
        var buffer = lock.withLock { () -> [UInt8] in
            guard !buffers.isEmpty else { return [] }
            var chosen = buffers.count - 1
            for index in buffers.indices.reversed() {
                if buffers[index].capacity >= capacity {
                    chosen = index
                    break
                }
                if buffers[index].capacity > buffers[chosen].capacity { chosen = index }
            }
            pooledBytes -= buffers[chosen].capacity
            return buffers.remove(at: chosen)
        }
        buffer.removeAll(keepingCapacity: true)
        buffer.reserveCapacity(capacity)
        return buffer
    }

    /// Keeps `buffer` for a later ``take(capacity:)``, unless the pool is full.
    package func recycle(_ buffer: [UInt8]) {
        let capacity = buffer.capacity
        guard capacity > 0 else { return }
        lock.withLock {
            guard pooledBytes + capacity <= maxPooledBytes else { return }
            buffers.append(buffer)
            pooledBytes += capacity
        }
    }
}
