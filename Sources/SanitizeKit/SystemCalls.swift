import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every call SanitizeKit makes into the C library, as small typed wrappers: the one file of
/// the target that imports Glibc, Musl or Darwin (docs/parts.md, "Who owns memory";
/// `SystemCallsFileTests` holds the rule).
///
/// A failed call throws a ``Failure`` that carries the `errno` it set, read right after the
/// call, so no caller reads `errno` itself. Reads and writes retry `EINTR` here, and on a
/// descriptor some parent made non-blocking (`O_NONBLOCK` on a shared pipe) they wait with
/// `poll(2)` where `EAGAIN` would have them fail or spin, so every caller reads and writes as on
/// a blocking one. The other targets of
/// the package call these through `package` access (`SanitizeCommandRuntime`), or extend the
/// enum in one file of their own (`sanitize`: signals, terminals, `argv`).
///
/// Raw pointers appear only where the caller owns a buffer (``LineReader``, ``OutputWriter``,
/// ``ByteReader``) and lends it for one call; callers holding arrays pass the array.
package enum SystemCalls {
    /// A failed call: the `errno` value it set.
    package struct Failure: Error, Sendable, Equatable {
        /// The `errno` value.
        package let number: Int32

        /// A failure with a known `errno` value.
        package init(number: Int32) { self.number = number }

        /// The failure of the call that just returned (the current `errno`).
        static var current: Failure { Failure(number: errno) }

        /// The system's sentence for it (`strerror`): "No such file or directory".
        package var text: String { String(cString: strerror(number)) }
        /// The reader of a pipe or socket has gone away (`EPIPE`).
        package var isBrokenPipe: Bool { number == EPIPE }
        /// The failure "Is a directory" (`EISDIR`), for a directory that opened but cannot be read.
        package static let isADirectory = Failure(number: EISDIR)
    }

    // MARK: Files

    /// Opens a file for reading (`O_RDONLY | O_CLOEXEC`).
    /// - Parameter path: the file's name as bytes (without a terminating NUL).
    /// - Returns: the descriptor; the caller closes it with ``close(_:)``.
    /// - Throws: ``Failure`` when `open(2)` fails.
    package static func openForReading(_ path: [UInt8]) throws(Failure) -> Int32 {
        try openFile(path, O_RDONLY | O_CLOEXEC, 0)
    }

    /// Opens a file for reading (`O_RDONLY | O_CLOEXEC`).
    /// - Parameter path: the file's name.
    /// - Returns: the descriptor; the caller closes it with ``close(_:)``.
    /// - Throws: ``Failure`` when `open(2)` fails.
    package static func openForReading(_ path: String) throws(Failure) -> Int32 {
        try openForReading(Array(path.utf8))
    }

    /// Creates a file for writing, or empties an existing one
    /// (`O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC`).
    /// - Parameters:
    ///   - path: the file's name as bytes (without a terminating NUL).
    ///   - permissions: the mode of a new file, before the umask (default `0o644`).
    /// - Returns: the descriptor; the caller closes it with ``close(_:)``.
    /// - Throws: ``Failure`` when `open(2)` fails.
    package static func openForWriting(_ path: [UInt8], permissions: UInt16 = 0o644) throws(Failure) -> Int32 {
        try openFile(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode_t(permissions))
    }

    private static func openFile(_ path: [UInt8], _ flags: Int32, _ mode: mode_t) throws(Failure) -> Int32 {
        let descriptor = open(cString(path), flags, mode)
        guard descriptor >= 0 else { throw .current }
        return descriptor
    }

    /// `path` as a NUL-terminated C string (passed to a C function as a pointer to its first element).
    private static func cString(_ path: [UInt8]) -> [CChar] {
        path.map { CChar(bitPattern: $0) } + [0]
    }

    /// Closes a descriptor, ignoring failure (nothing is left to do about it).
    package static func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }

    /// What `fstat(2)` says of an open descriptor.
    package struct FileStatus: Sendable, Equatable {
        /// The kinds of file the package tells apart.
        package enum Kind: Sendable {
            /// A regular file: its size is known.
            case regular
            /// A directory: it opens, but cannot be read.
            case directory
            /// A pipe, a terminal, a socket, a device.
            case other
        }

        /// The file's kind.
        package let kind: Kind
        /// Its size in bytes (meaningful for a regular file only).
        package let size: Int
        /// Its device and inode: two names or descriptors with the same identity are one file.
        package let identity: FileIdentity
    }

    /// What tells one file from another: its device and inode numbers.
    package struct FileIdentity: Sendable, Hashable {
        let device: UInt64
        let inode: UInt64
    }

    /// The kind and size of the file open on `descriptor`, or `nil` when `fstat(2)` fails.
    package static func status(of descriptor: Int32) -> FileStatus? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return FileStatus(status)
    }

    /// The kind and size of the file `path` names (links followed), or `nil` when `stat(2)`
    /// fails (there is no such file, say).
    /// - Parameter path: the file's name as bytes (without a terminating NUL).
    package static func status(ofPath path: [UInt8]) -> FileStatus? {
        var status = stat()
        return stat(cString(path), &status) == 0 ? FileStatus(status) : nil
    }

    /// The descriptor's current offset (`lseek(fd, 0, SEEK_CUR)`), or `nil` when it has none
    /// (a pipe, a terminal).
    package static func currentOffset(of descriptor: Int32) -> Int? {
        let offset = lseek(descriptor, 0, SEEK_CUR)
        return offset >= 0 ? Int(offset) : nil
    }

    /// Moves the descriptor to `offset` from the start of the file (`SEEK_SET`).
    /// - Returns: whether the seek succeeded.
    package static func seek(_ descriptor: Int32, to offset: Int) -> Bool {
        lseek(descriptor, off_t(offset), SEEK_SET) >= 0
    }

    // MARK: Reading and writing

    /// Reads at most `count` bytes into memory the caller owns, retrying `EINTR`, and waiting for
    /// input on a non-blocking descriptor that has none yet (`EAGAIN`).
    /// - Returns: the number of bytes read; 0 at the end of input.
    /// - Throws: ``Failure`` when `read(2)` fails for another reason.
    package static func readBytes(_ descriptor: Int32, into pointer: UnsafeMutableRawPointer, count: Int) throws(Failure) -> Int {
        while true {
            let got = read(descriptor, pointer, count)
            if got >= 0 { return got }
            let failure = Failure.current
            if failure.number == EAGAIN {
                waitUntilReady(descriptor, for: POLLIN)
            } else if failure.number != EINTR {
                throw failure
            }
        }
    }

    /// Waits until `descriptor` is ready for `events` (no time limit); returns at once on an
    /// error or a hang-up too, which the next call then meets.
    private static func waitUntilReady(_ descriptor: Int32, for events: Int32) {
        _ = isReady(descriptor, for: events, waitingMilliseconds: -1)
    }

    /// Whether `descriptor` is ready for `events` within `milliseconds` (`poll(2)`; -1: no limit).
    private static func isReady(_ descriptor: Int32, for events: Int32, waitingMilliseconds milliseconds: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(events), revents: 0)
        return poll(&request, 1, milliseconds) > 0
    }

    /// Reads at most `count` bytes (all of `buffer` by default) into the start of `buffer`,
    /// retrying `EINTR`.
    /// - Returns: the number of bytes read; 0 at the end of input.
    /// - Throws: ``Failure`` when `read(2)` fails for another reason.
    package static func readBytes(_ descriptor: Int32, into buffer: inout [UInt8], count: Int? = nil) throws(Failure) -> Int {
        let wanted = min(count ?? buffer.count, buffer.count)
        guard wanted > 0 else { return 0 }
        let result = buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(Failure) in try readBytes(descriptor, into: bytes.baseAddress!, count: wanted) }
        }
        return try result.get()
    }

    /// Reads one byte, retrying `EINTR`.
    /// - Returns: the byte, or `nil` at the end of input.
    /// - Throws: ``Failure`` when `read(2)` fails for another reason.
    package static func readByte(_ descriptor: Int32) throws(Failure) -> UInt8? {
        var byte: [UInt8] = [0]
        return try readBytes(descriptor, into: &byte) == 1 ? byte[0] : nil
    }

    /// Writes at most `count` bytes from memory the caller owns, retrying `EINTR`, and waiting
    /// for room on a non-blocking descriptor that has none (`EAGAIN`).
    /// - Returns: the number of bytes written (a short write is not a failure).
    /// - Throws: ``Failure`` when `write(2)` fails for another reason (``Failure/isBrokenPipe``
    ///   when the reader has gone away).
    package static func writeBytes(_ descriptor: Int32, from pointer: UnsafeRawPointer, count: Int) throws(Failure) -> Int {
        while true {
            let written = write(descriptor, pointer, count)
            if written >= 0 { return written }
            let failure = Failure.current
            if failure.number == EAGAIN {
                waitUntilReady(descriptor, for: POLLOUT)
            } else if failure.number != EINTR {
                throw failure
            }
        }
    }

    /// Writes `bytes` with one `write(2)` call and ignores the outcome: for the last message of
    /// a process whose output has already failed.
    package static func writeOnce(_ descriptor: Int32, _ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { raw in _ = write(descriptor, raw.baseAddress!, raw.count) }
    }

    /// Whether `descriptor` has bytes to read now (`poll(2)` without waiting).
    package static func hasInputReady(_ descriptor: Int32) -> Bool {
        isReady(descriptor, for: POLLIN, waitingMilliseconds: 0)
    }

    /// The offset of the first `byte` in `count` bytes at `pointer` (`memchr`, vectorized), or
    /// `nil` when there is none.
    package static func firstOffset(of byte: UInt8, at pointer: UnsafeRawPointer, count: Int) -> Int? {
        guard count > 0, let hit = memchr(pointer, Int32(byte), count) else { return nil }
        return pointer.distance(to: UnsafeRawPointer(hit))
    }

    // MARK: The process

    /// Makes `write(2)` report `EPIPE` instead of the process dying of `SIGPIPE`.
    package static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Ends the process with `status` (`exit(3)`: buffered C streams are flushed).
    package static func terminate(status: Int32) -> Never {
        exit(status)
    }

    /// The address of a function or variable loaded anywhere in the process (`dlsym` with
    /// `RTLD_DEFAULT`), or `nil` when no loaded image defines `name`.
    package static func processSymbol(named name: String) -> UnsafeMutableRawPointer? {
        #if canImport(Darwin)
            dlsym(UnsafeMutableRawPointer(bitPattern: -2), name)  // RTLD_DEFAULT
        #else
            dlsym(nil, name)  // RTLD_DEFAULT
        #endif
    }

    // MARK: Threads

    /// A pthread thread-specific data key: one pointer per thread, and a destructor that runs
    /// when a thread that set a value ends.
    package struct ThreadLocalKey: @unchecked Sendable {
        /// What frees a thread's value when the thread ends (a C function: no captures).
        package typealias Destructor = @convention(c) (UnsafeMutableRawPointer?) -> Void

        // @unchecked Sendable: a pthread key is an integer handle that every thread may use.
        private let key: pthread_key_t

        /// Creates a key (`pthread_key_create`).
        /// - Parameter destructor: runs on a thread's non-nil value when that thread ends.
        /// - Throws: ``Failure`` with the error `pthread_key_create` returned.
        package init(destructor: Destructor) throws(Failure) {
            var key = pthread_key_t()
            #if canImport(Darwin)
                let status = pthread_key_create(
                    &key, unsafeBitCast(destructor, to: (@convention(c) (UnsafeMutableRawPointer) -> Void).self))
            #else
                let status = pthread_key_create(&key, destructor)
            #endif
            guard status == 0 else { throw Failure(number: status) }
            self.key = key
        }

        /// The calling thread's value, or `nil` when it has set none.
        package var value: UnsafeMutableRawPointer? { pthread_getspecific(key) }

        /// Sets the calling thread's value.
        /// - Returns: whether it was set.
        @discardableResult
        package func set(_ value: UnsafeRawPointer?) -> Bool {
            pthread_setspecific(key, value) == 0
        }
    }

    /// Starts a detached thread with a stack of `stackBytes` that runs `body`.
    ///
    /// Foundation's `Thread.start` reports nothing when `pthread_create` fails (a limit of
    /// processes or threads reached: `ulimit -u`), and whoever then waits for the thread's work
    /// waits forever; here the caller learns it and can do the work some other way.
    /// - Throws: ``Failure`` with the error `pthread_create` returned (`EAGAIN` at a limit).
    package static func startThread(stackBytes: Int, _ body: @escaping @Sendable () -> Void) throws(Failure) {
        // Set up by `pthread_attr_init` (Swift's zero value of the type is not visible here).
        let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
        defer { attributes.deallocate() }
        let initialized = pthread_attr_init(attributes)
        guard initialized == 0 else { throw Failure(number: initialized) }
        defer { pthread_attr_destroy(attributes) }
        let sized = pthread_attr_setstacksize(attributes, stackBytes)
        guard sized == 0 else { throw Failure(number: sized) }
        _ = pthread_attr_setdetachstate(attributes, Int32(PTHREAD_CREATE_DETACHED))
        // The body travels as a retained object: released by the thread once it has run, or
        // here when the thread never starts.
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
            let status = pthread_create(&thread, attributes, { context in
                Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
                return nil
            }, context)
        #else
            var thread = pthread_t()
            let status = pthread_create(&thread, attributes, { context in
                Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().body()
                return nil
            }, context)
        #endif
        guard status == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            throw Failure(number: status)
        }
    }

    /// What a thread started by ``startThread(stackBytes:_:)`` runs, as an object its context
    /// pointer can carry.
    private final class ThreadBody {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// The calling thread's stack as its low end and size in bytes, or `nil` when the platform
    /// does not say. Looked up once per thread (``ThreadStackCache``).
    package static func currentThreadStack() -> (low: UInt, size: UInt)? {
        ThreadStackCache.bounds()
    }

    /// The calling thread's stack, asked of the system.
    fileprivate static func lookUpThreadStack() -> (low: UInt, size: UInt)? {
        #if canImport(Darwin)
            let thread = pthread_self()
            let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
            let size = UInt(pthread_get_stacksize_np(thread))
            guard top > size else { return nil }
            return (top - size, size)
        #elseif canImport(Glibc) || canImport(Musl)
            guard let getAttributes = ThreadAttributes.getattr else { return nil }
            // Filled in by `pthread_getattr_np`, so never initialised here.
            let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
            defer { attributes.deallocate() }
            guard getAttributes(pthread_self(), attributes) == 0 else { return nil }
            defer { pthread_attr_destroy(attributes) }
            var low: UnsafeMutableRawPointer?
            var size = 0
            guard pthread_attr_getstack(attributes, &low, &size) == 0, let low, size > 0 else { return nil }
            return (UInt(bitPattern: low), UInt(size))
        #else
            return nil
        #endif
    }
}

/// Each thread's stack bounds, looked up once per thread and kept in thread-specific data:
/// `pthread_getattr_np` costs a system call and an allocation (and reads `/proc/self/maps` on
/// the main thread), too much to repeat for every deep record.
private enum ThreadStackCache {
    /// Two words per thread (`malloc`), freed by the key's destructor when the thread ends.
    static let key: pthread_key_t? = {
        var key = pthread_key_t()
        guard pthread_key_create(&key, { free($0) }) == 0 else { return nil }
        return key
    }()

    static func bounds() -> (low: UInt, size: UInt)? {
        guard let key else { return SystemCalls.lookUpThreadStack() }
        if let saved = pthread_getspecific(key) {
            let words = saved.assumingMemoryBound(to: UInt.self)
            return (words[0], words[1])
        }
        guard let bounds = SystemCalls.lookUpThreadStack(),
            let words = malloc(2 * MemoryLayout<UInt>.stride)?.bindMemory(to: UInt.self, capacity: 2)
        else { return nil }
        words[0] = bounds.low
        words[1] = bounds.size
        if pthread_setspecific(key, words) != 0 { free(words) }
        return bounds
    }
}

#if canImport(Glibc) || canImport(Musl)
    /// `pthread_getattr_np`, a GNU extension the Glibc module does not import, found once by
    /// name in the process.
    private enum ThreadAttributes {
        typealias Function = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> CInt

        static let getattr: Function? = SystemCalls.processSymbol(named: "pthread_getattr_np").map {
            unsafeBitCast($0, to: Function.self)
        }
    }
#endif

/// `close(2)`, under a name that ``SystemCalls/close(_:)`` does not shadow.
private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

extension SystemCalls.FileStatus {
    /// The status `stat(2)` or `fstat(2)` filled in.
    fileprivate init(_ status: stat) {
        let kind: Kind =
            switch status.st_mode & S_IFMT {
            case S_IFREG: .regular
            case S_IFDIR: .directory
            default: .other
            }
        self.init(
            kind: kind, size: Int(status.st_size),
            identity: SystemCalls.FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)))
    }
}

// MARK: Mapped input

extension SystemCalls {
    /// A read-only view of part of a regular file, mapped into memory (`mmap(2)`), so that a
    /// filter reads a large input without `read(2)`'s copy into a buffer and the copy into the
    /// batches on its reading thread (the second job gained about 6 % on a 150 MB file). Whoever
    /// reads a value more than once takes a copy first: another process may write the file
    /// in place meanwhile, and a private mapping shows such writes on Linux.
    ///
    /// A file that shrinks while it is mapped (another process truncates it) would kill the
    /// process with `SIGBUS` on the first access past its new end. A `SIGBUS` handler, installed
    /// with the first mapping, catches such a fault inside the mapping: it puts a page of zeros
    /// where the lost page was, so the access goes on, and sets ``shrank``, which the reader
    /// and the batches check: what was read from such a page is never used (the filter stops
    /// with an `io` error). Any other `SIGBUS` gets the action that was there before.
    ///
    /// One mapping at a time (the filter reads its inputs one after the other); ``map(_:from:count:)``
    /// gives `nil` while another is alive, and the caller reads the file instead. Linux only:
    /// elsewhere the caller always reads.
    package final class FileMapping: @unchecked Sendable {
        /// The mapped bytes (`count` bytes of the file from `offset`). Valid while the mapping
        /// is alive: holders keep a reference to it.
        package let bytes: UnsafeRawBufferPointer
        private let pageStart: UnsafeMutableRawPointer
        private let pageLength: Int

        private init(bytes: UnsafeRawBufferPointer, pageStart: UnsafeMutableRawPointer, pageLength: Int) {
            self.bytes = bytes
            self.pageStart = pageStart
            self.pageLength = pageLength
        }

        /// Maps `count` bytes of the regular file open on `descriptor` from `offset`.
        /// - Returns: the mapping, or `nil` when it cannot be made (another mapping is alive,
        ///   `mmap` fails, not Linux): the caller then reads the file.
        package static func map(_ descriptor: Int32, from offset: Int, count: Int) -> FileMapping? {
            #if os(Linux)
                guard count > 0, MappedPages.install() else { return nil }
                let page = MappedPages.pageSize
                let pageOffset = offset - offset % page
                let length = count + (offset - pageOffset)
                guard let start = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, off_t(pageOffset)),
                    start != MAP_FAILED
                else { return nil }
                guard MappedPages.claim(start: Int(bitPattern: start), length: length) else {
                    munmap(start, length)
                    return nil
                }
                _ = madvise(start, length, MADV_SEQUENTIAL)
                return FileMapping(
                    bytes: UnsafeRawBufferPointer(start: start + (offset - pageOffset), count: count), pageStart: start,
                    pageLength: length)
            #else
                return nil
            #endif
        }

        /// Gives back the memory holding the mapped bytes before `offset` (`madvise`
        /// `MADV_DONTNEED`, whole pages): they stay readable, and are read from the file again
        /// if touched, so the process's resident memory does not grow with the file.
        package func dropPages(before offset: Int) {
            #if os(Linux)
                let end = Int(bitPattern: bytes.baseAddress) + offset
                let length = end - end % MappedPages.pageSize - Int(bitPattern: pageStart)
                if length > 0 { _ = madvise(pageStart, length, MADV_DONTNEED) }
            #endif
        }

        deinit {
            #if os(Linux)
                MappedPages.release()
                munmap(pageStart, pageLength)
            #endif
        }

        /// Whether the file has shrunk under this mapping: some bytes read from it were zeros
        /// put in place of lost pages.
        package var shrank: Bool {
            #if os(Linux)
                MappedPages.shrank.load(ordering: .acquiring)  // the slot is this mapping's while it lives
            #else
                false
            #endif
        }
    }
}

#if os(Linux)
    /// The range of the one live ``SystemCalls/FileMapping`` and the `SIGBUS` handler that
    /// guards it. Everything the handler reads is set up before it is installed, and it calls
    /// nothing but `mmap` and `sigaction` (both system calls).
    private enum MappedPages {
        static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        static let start = Atomic<Int>(0)
        static let length = Atomic<Int>(0)
        /// Set by the handler: the live mapping lost pages (reset when a mapping takes the slot).
        static let shrank = Atomic<Bool>(false)
        /// The `SIGBUS` action before ours, for faults that are not ours.
        nonisolated(unsafe) static var previous = sigaction()
        static let installed: Bool = {
            _ = (pageSize, start.load(ordering: .relaxed), length.load(ordering: .relaxed), shrank.load(ordering: .relaxed))
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = handleBusError
            action.sa_flags = SA_SIGINFO | SA_NODEFER
            sigemptyset(&action.sa_mask)
            return sigaction(SIGBUS, &action, &previous) == 0
        }()

        static func install() -> Bool { installed }

        /// Takes the one slot; `false` when another mapping holds it.
        static func claim(start mapped: Int, length count: Int) -> Bool {
            guard start.compareExchange(expected: 0, desired: mapped, ordering: .acquiringAndReleasing).exchanged else {
                return false
            }
            shrank.store(false, ordering: .releasing)
            length.store(count, ordering: .releasing)
            return true
        }

        static func release() {
            length.store(0, ordering: .releasing)
            start.store(0, ordering: .releasing)
        }
    }

    /// A `SIGBUS` inside the live mapping: a page of zeros where the lost page was, and
    /// ``MappedPages/shrank`` set. Anywhere else: the previous action, by returning into the
    /// same fault under it.
    private func handleBusError(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
        let address = Int(bitPattern: info?.pointee._sifields._sigfault.si_addr)
        let start = MappedPages.start.load(ordering: .acquiring)
        let length = MappedPages.length.load(ordering: .acquiring)
        if start != 0, address >= start, address < start + length {
            let page = address - address % MappedPages.pageSize
            let zeros = mmap(
                UnsafeMutableRawPointer(bitPattern: page), MappedPages.pageSize, PROT_READ,
                MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
            if zeros != MAP_FAILED {
                MappedPages.shrank.store(true, ordering: .releasing)
                return
            }
        }
        sigaction(SIGBUS, &MappedPages.previous, nil)
    }
#endif
