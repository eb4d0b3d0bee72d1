extension PCRE2Pattern {
    /// How a pattern is compiled and the limits every match runs under.
    ///
    /// Every pattern is compiled for UTF-8 subjects (`PCRE2_UTF`), with `\C` forbidden
    /// (`PCRE2_NEVER_BACKSLASH_C`, it could split a character).
    ///
    /// **Perl/PCRE2 mode** (the default): `PCRE2_UCP` is on, so `\d`, `\w`, `\s`, `\b` and the
    /// POSIX classes use Unicode properties, and `$` also matches before a final newline.
    ///
    /// **ECMAScript mode** (``ecmaScriptCompatible``, for JSON Schema `pattern`,
    /// `patternProperties` and `format: regex`, which follow ECMA-262 with the `u` flag):
    /// - `PCRE2_UCP` is off, so `\d` is `[0-9]`, `\w` is `[A-Za-z0-9_]` and `\b` uses that `\w`,
    ///   as in ECMA-262 §22.2.2.9 (CharacterClassEscape);
    /// - `\s` and `\S` are rewritten to ECMA-262's WhiteSpace + LineTerminator set (TAB, LF,
    ///   VT, FF, CR, Unicode `Zs`, U+2028, U+2029, U+FEFF, spelled out); a bracket class holding
    ///   `\S` becomes an equivalent group (`[a\S]` → `(?:[a]|[^ws])`);
    /// - `\v` is rewritten to U+000B (ECMA-262's ControlEscape; PCRE2's `\v` is every vertical
    ///   white space);
    /// - `PCRE2_ALT_BSUX` and `PCRE2_EXTRA_ALT_BSUX`: `\uhhhh`, `\u{h…}` and `\xhh` escapes as in
    ///   ECMA-262; `PCRE2_ALLOW_EMPTY_CLASS`: `[]` matches nothing, `[^]` any character;
    /// - `PCRE2_DOLLAR_ENDONLY`: `$` matches only at the very end, not before a final newline;
    /// - `\p{…}`/`\P{…}` accept ECMA-262's General_Category long names and aliases (`Letter`,
    ///   `digit`, `gc=Decimal_Number`) and `Script=`/`sc=`/`scx=`, mapped to PCRE2's names.
    /// - `.` outside a class becomes `[^\n\r\u2028\u2029]`: it stops at every ECMA-262
    ///   LineTerminator, not only at LF.
    /// - escapes ECMA-262 does not define with the `u` flag (`\a`, `\e`, `\A`, `\z`, `\Q`, `\h`…)
    ///   are compile errors instead of taking PCRE2's meaning.
    /// - `\uHHHH\uLLLL` surrogate pairs are read as one code point.
    /// Known differences that remain: lone surrogate escapes (`\uD83D`) do not compile; `\0`
    /// followed by a digit is an octal escape instead of an error.
    ///
    /// **Limits.** The interpreter obeys ``matchLimit``, ``depthLimit`` and ``heapLimit``; JIT
    /// code obeys only ``matchLimit`` (and its own 32 KiB stack). The defaults stop `(a+)+$` on
    /// fifty `a`s and a `b` within milliseconds either way, and leave ordinary patterns on
    /// subjects of megabytes untouched.
    package struct Options: Sendable, Hashable {
        /// Case-insensitive matching with Unicode case folding (`PCRE2_CASELESS`).
        package var caseless: Bool
        /// The whole subject must match: the pattern is anchored at both ends
        /// (`PCRE2_ANCHORED | PCRE2_ENDANCHORED`). Off: the pattern may match anywhere.
        package var anchored: Bool
        /// ECMA-262 (JavaScript) semantics for escapes, `\d`/`\w`/`\s` and `$`; see the type's
        /// documentation for the exact choices.
        package var ecmaScriptCompatible: Bool
        /// Compile to machine code with PCRE2's JIT when it is available (about 5× faster);
        /// off, or when the JIT is unavailable, the interpreter runs the pattern.
        package var jit: Bool
        /// The most backtracking steps one match may take (`pcre2_set_match_limit`); the
        /// only limit the JIT obeys.
        package var matchLimit: UInt32
        /// The deepest backtracking nesting the interpreter may reach (`pcre2_set_depth_limit`).
        package var depthLimit: UInt32
        /// The most heap, in KiB, the interpreter may use for backtracking (`pcre2_set_heap_limit`).
        package var heapLimit: UInt32

        /// The default ``matchLimit``: 1,000,000 (PCRE2's own default is 10,000,000, which lets a
        /// catastrophic pattern run for a second or more).
        package static let defaultMatchLimit: UInt32 = 1_000_000
        /// The default ``depthLimit``: 1,000,000.
        package static let defaultDepthLimit: UInt32 = 1_000_000
        /// The default ``heapLimit``: 20,000 KiB (PCRE2's own default).
        package static let defaultHeapLimit: UInt32 = 20_000

        /// Creates options; every argument has a default.
        /// - Parameters:
        ///   - caseless: case-insensitive matching.
        ///   - anchored: the whole subject must match.
        ///   - ecmaScriptCompatible: ECMA-262 semantics (see the type's documentation).
        ///   - jit: use the JIT when available.
        ///   - matchLimit: most backtracking steps per match.
        ///   - depthLimit: deepest backtracking nesting (interpreter only).
        ///   - heapLimit: most backtracking heap in KiB (interpreter only).
        package init(
            caseless: Bool = false,
            anchored: Bool = false,
            ecmaScriptCompatible: Bool = false,
            jit: Bool = true,
            matchLimit: UInt32 = Options.defaultMatchLimit,
            depthLimit: UInt32 = Options.defaultDepthLimit,
            heapLimit: UInt32 = Options.defaultHeapLimit
        ) {
            self.caseless = caseless
            self.anchored = anchored
            self.ecmaScriptCompatible = ecmaScriptCompatible
            self.jit = jit
            self.matchLimit = matchLimit
            self.depthLimit = depthLimit
            self.heapLimit = heapLimit
        }

        /// Search anywhere, case-sensitive, Perl/PCRE2 semantics, JIT on, default limits.
        package static let `default` = Options()
    }
}
