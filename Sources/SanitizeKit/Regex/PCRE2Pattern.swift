internal import CPCRE2

/// A regular expression compiled once by PCRE2 (8-bit, UTF) and matched many times, from any
/// number of threads.
///
/// This is the package's only door to C: every other file sees Swift values. The pattern is
/// compiled in `init`, JIT-compiled when the JIT is available (``usesJIT`` says which engine
/// runs it), and freed in `deinit`. Every match runs under the limits of ``Options`` so that
/// a hostile pattern or subject ends with a ``SanitizeError`` coded `regex-limit` instead of
/// hanging.
///
/// ```swift
/// let digits = try PCRE2Pattern(#"^\d+$"#, options: .init(ecmaScriptCompatible: true))
/// try digits.matches("2026")   // true
/// try digits.matches("٢٠٢٦")   // false: ECMA-262 \d is ASCII only
/// ```
///
/// Sendable: after `init` returns, the compiled code and the match context are never written
/// again. PCRE2 documents both as safe to share between threads when unmodified
/// (pcre2api, "Multithreading"); the only per-match mutable state, the match data, is kept
/// per thread (a pthread thread-local block, created on a thread's first match).
package final class PCRE2Pattern: @unchecked Sendable, CustomDebugStringConvertible {
    /// The pattern text as given.
    package let pattern: String
    /// The options it was compiled with.
    package let options: Options
    /// True when matches run the JIT-compiled machine code, false when the interpreter runs.
    package let usesJIT: Bool

    private let code: OpaquePointer
    private let matchContext: OpaquePointer

    /// Compiles `pattern`.
    /// - Parameters:
    ///   - pattern: the regular expression, in PCRE2 syntax (or ECMA-262 syntax with
    ///     ``Options/ecmaScriptCompatible``).
    ///   - options: compile options and match limits; see ``Options``.
    /// - Throws: ``SanitizeError`` coded `regex-compile`, whose reason holds PCRE2's message
    ///   and whose location's `byteOffset` is where in the pattern compilation stopped;
    ///   coded `configuration` when PCRE2 cannot allocate its contexts.
    package init(_ pattern: String, options: Options = .default) throws(SanitizeError) {
        self.pattern = pattern
        self.options = options
        let source = options.ecmaScriptCompatible ? try ECMAScriptPattern.translate(pattern) : pattern

        var compileOptions = UInt32(PCRE2_UTF) | UInt32(PCRE2_NEVER_BACKSLASH_C)
        var extraOptions: UInt32 = 0
        if options.caseless { compileOptions |= UInt32(PCRE2_CASELESS) }
        if options.anchored { compileOptions |= UInt32(PCRE2_ANCHORED) | UInt32(PCRE2_ENDANCHORED) }
        if options.ecmaScriptCompatible {
            compileOptions |=
                UInt32(PCRE2_ALT_BSUX) | UInt32(PCRE2_ALLOW_EMPTY_CLASS) | UInt32(PCRE2_DOLLAR_ENDONLY)
            extraOptions |= UInt32(PCRE2_EXTRA_ALT_BSUX)
        } else {
            compileOptions |= UInt32(PCRE2_UCP)
        }

        guard let compileContext = pcre2_compile_context_create_8(nil) else {
            throw SanitizeError(.configuration, "PCRE2 could not allocate a compile context")
        }
        defer { pcre2_compile_context_free_8(compileContext) }
        pcre2_set_compile_extra_options_8(compileContext, extraOptions)

        var errorCode: Int32 = 0
        var errorOffset = 0
        var sourceCopy = source
        let compiled = sourceCopy.withUTF8 { utf8 in
            pcre2_compile_8(
                utf8.baseAddress ?? PCRE2Pattern.emptySubject, utf8.count, compileOptions,
                &errorCode, &errorOffset, compileContext)
        }
        guard let compiled else {
            let translated = source == pattern ? "" : " (offset in the pattern as translated to PCRE2: \(source))"
            throw SanitizeError(
                .regexCompile,
                "pattern does not compile at offset \(errorOffset): \(PCRE2Pattern.message(for: errorCode))\(translated)",
                at: SanitizeError.Location(byteOffset: errorOffset))
        }
        guard let context = pcre2_match_context_create_8(nil) else {
            pcre2_code_free_8(compiled)
            throw SanitizeError(.configuration, "PCRE2 could not allocate a match context")
        }
        pcre2_set_match_limit_8(context, options.matchLimit)
        pcre2_set_depth_limit_8(context, options.depthLimit)
        pcre2_set_heap_limit_8(context, options.heapLimit)

        self.code = compiled
        self.matchContext = context
        self.usesJIT = options.jit && pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE)) == 0
    }

    deinit {
        pcre2_match_context_free_8(matchContext)
        pcre2_code_free_8(code)
    }

    /// Whether `text` matches: anywhere in it, or as a whole with ``Options/anchored``.
    /// - Parameter text: the subject.
    /// - Returns: true on a match.
    /// - Throws: ``SanitizeError`` coded `regex-limit` when the match hit a limit (the pattern
    ///   backtracks too much on this subject), or `regex-match` on another PCRE2 error.
    package func matches(_ text: String) throws(SanitizeError) -> Bool {
        var subject = text
        let result: Result<Bool, SanitizeError> = subject.withUTF8 { utf8 in
            // A Swift String is always valid UTF-8: PCRE2 need not check it again.
            Result { () throws(SanitizeError) in
                try match(utf8.baseAddress, utf8.count, options: UInt32(PCRE2_NO_UTF_CHECK))
            }
        }
        return try result.get()
    }

    /// Whether the UTF-8 bytes `utf8` match: anywhere in them, or as a whole with
    /// ``Options/anchored``.
    /// - Parameter utf8: the subject as UTF-8 bytes; they are checked for validity.
    /// - Returns: true on a match.
    /// - Throws: ``SanitizeError`` coded `invalid-utf8` (with the byte offset) when the bytes
    ///   are not UTF-8, `regex-limit` when the match hit a limit, or `regex-match` on another
    ///   PCRE2 error.
    package func matches(_ utf8: UnsafeRawBufferPointer) throws(SanitizeError) -> Bool {
        // ASCII is valid UTF-8: checking that 8 bytes at a time is cheaper than PCRE2's own
        // check, which then runs only for subjects with non-ASCII bytes.
        let trusted = PCRE2Pattern.isASCII(utf8)
        return try match(
            utf8.baseAddress?.assumingMemoryBound(to: UInt8.self), utf8.count,
            options: trusted ? UInt32(PCRE2_NO_UTF_CHECK) : 0)
    }

    /// The pattern and the engine that runs it, e.g. `PCRE2Pattern(/a+/, JIT)`.
    package var debugDescription: String {
        "PCRE2Pattern(/\(pattern)/, \(usesJIT ? "JIT" : "interpreter"))"
    }

    /// True when this PCRE2 library was built with JIT support.
    package static var isJITAvailable: Bool {
        var available: UInt32 = 0
        return pcre2_config_8(UInt32(PCRE2_CONFIG_JIT), &available) >= 0 && available == 1
    }

    private func match(_ base: UnsafePointer<UInt8>?, _ count: Int, options matchOptions: UInt32) throws(SanitizeError) -> Bool {
        let matchData = PCRE2Pattern.threadMatchData()
        let subject = base ?? PCRE2Pattern.emptySubject
        // pcre2_jit_match skips pcre2_match's checks, the UTF check among them: only for
        // subjects already known to be valid UTF-8.
        let result =
            usesJIT && matchOptions & UInt32(PCRE2_NO_UTF_CHECK) != 0
            ? pcre2_jit_match_8(code, subject, count, 0, 0, matchData, matchContext)
            : pcre2_match_8(code, subject, count, 0, matchOptions, matchData, matchContext)
        if result >= 0 { return true }  // 0: a match whose groups did not fit; still a match
        switch result {
        case PCRE2_ERROR_NOMATCH, PCRE2_ERROR_PARTIAL:
            return false
        case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT,
            PCRE2_ERROR_JIT_STACKLIMIT:
            throw SanitizeError(
                .regexLimit,
                "regular expression gave up: \(PCRE2Pattern.message(for: result)) "
                    + "(match limit \(options.matchLimit), depth limit \(options.depthLimit), "
                    + "heap limit \(options.heapLimit) KiB) on a \(count)-byte subject")
        case PCRE2_ERROR_UTF8_ERR21...PCRE2_ERROR_UTF8_ERR1:
            let offset = pcre2_get_startchar_8(matchData)
            throw SanitizeError(
                .invalidUTF8, "subject is not UTF-8: \(PCRE2Pattern.message(for: result))",
                at: SanitizeError.Location(byteOffset: offset))
        default:
            throw SanitizeError(.regexMatch, "regular expression failed: \(PCRE2Pattern.message(for: result))")
        }
    }

    /// True when every byte is below 0x80.
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        var high: UInt64 = 0
        while index + 8 <= bytes.count {
            high |= base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            high |= UInt64(bytes[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// PCRE2's text for an error code.
    private static func message(for errorCode: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = buffer.withUnsafeMutableBufferPointer { bytes in
            pcre2_get_error_message_8(errorCode, bytes.baseAddress, bytes.count)
        }
        guard length > 0 else { return "PCRE2 error \(errorCode)" }
        return String(decoding: buffer[..<Int(length)], as: UTF8.self)
    }

    /// A valid address for a zero-length subject or pattern (PCRE2 10.42 rejects NULL): the
    /// static storage of an empty string literal (its terminating NUL), never written or freed.
    private static var emptySubject: UnsafePointer<UInt8> { ("" as StaticString).utf8Start }

    /// The calling thread's match data: one ovector pair, enough to say "matched" for any
    /// pattern, so one block serves every pattern on the thread. Freed when the thread ends.
    private static func threadMatchData() -> OpaquePointer {
        if let existing = matchDataKey.value {
            return OpaquePointer(existing)
        }
        guard let created = pcre2_match_data_create_8(1, nil) else {
            fatalError("PCRE2 could not allocate match data (out of memory)")
        }
        matchDataKey.set(UnsafeRawPointer(created))
        return created
    }

    /// The thread-local key for ``threadMatchData()``; its destructor frees the block.
    private static let matchDataKey: SystemCalls.ThreadLocalKey = {
        do throws(SystemCalls.Failure) {
            return try SystemCalls.ThreadLocalKey { block in
                pcre2_match_data_free_8(OpaquePointer(block))
            }
        } catch {
            preconditionFailure("pthread_key_create failed: \(error.number)")
        }
    }()
}
