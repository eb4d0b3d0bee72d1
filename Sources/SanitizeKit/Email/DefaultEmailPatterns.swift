/// Compiled-in copies of `Rules/email/*.pcre`, so the library works without a Rules directory.
///
/// Generated from the files; `EmailRulesTests` checks them byte for byte against `Rules/email/`.
enum DefaultEmailPatterns {
    /// `Rules/email/html5.pcre`.
    static let html5 = #"""
        # Mode: html5. The WHATWG HTML "valid email address", exactly.
        # Source: https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address
        #   (the regular expression given there, unchanged; it is the ABNF of the same section).
        # Flaws, deliberate in the standard: a "willful violation" of RFC 5322. No quoted local part,
        #   no address literal ([IPv4]), no non-ASCII, no length limit on the local part or the
        #   whole address; dots may lead, trail or repeat in the local part (".a..b.@example.com");
        #   a single-label domain ("user@localhost") is valid.
        # Format: lines starting with # are comments; the other lines are trimmed of spaces and tabs
        #   at both ends and joined; the result is one PCRE2 pattern, matched against the whole input.
        ^[a-zA-Z0-9.!#$%&'*+\/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$

        """#

    /// `Rules/email/rfc5321.pcre`.
    static let rfc5321 = #"""
        # Mode: rfc5321. The SMTP Mailbox syntax: Local-part "@" ( Domain / address-literal ).
        # Source: RFC 5321 §4.1.2 (Mailbox, Local-part, Dot-string, Atom, atext from RFC 5322 §3.2.3,
        #   Quoted-string, QcontentSMTP, qtextSMTP, quoted-pairSMTP, Domain, sub-domain, Let-dig,
        #   Ldh-str) and §4.1.3 (address-literal: IPv4, and a tagged General-address-literal).
        # Checked after this pattern, in Swift, each with its own rejection reason: address at most
        #   254 octets (§4.5.3.1.3 path of 256 less "<" ">"), local part at most 64 octets
        #   (§4.5.3.1.1), labels 1-63 octets (RFC 1035 §2.3.4), IPv4 numbers 0-255 and the IPv6
        #   forms with their group counts (§4.1.3), "IPv6" as the only known literal tag.
        # Flaws: syntax only, not deliverability (no DNS); a single-label domain is valid, as in
        #   the grammar; RFC 5322 comments and folding white space are not part of RFC 5321 and are
        #   rejected; an empty quoted local part ("") is valid syntax.
        # Format: lines starting with # are comments; the other lines are trimmed of spaces and tabs
        #   at both ends and joined; the result is one PCRE2 pattern, matched against the whole input.
        ^(?:
          [A-Za-z0-9!#$%&'*+\/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+\/=?^_`{|}~-]+)*
          |"(?:[\x20\x21\x23-\x5B\x5D-\x7E]|\\[\x20-\x7E])*"
        )@(?:
          [A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*
          |\[(?:[0-9]{1,3}(?:\.[0-9]{1,3}){3}|[A-Za-z0-9-]*[A-Za-z0-9]:[\x21-\x5A\x5E-\x7E]+)\]
        )$

        """#

    /// `Rules/email/strict.pcre`.
    static let strict = #"""
        # Mode: strict. The classic application regex, kept for compatibility, anchored.
        # Source: the pattern found in countless apps and tutorials (e.g. Apple developer forums,
        #   Stack Overflow "How to validate an email address in Swift"):
        #   [A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}
        # Flaws: rejects every top-level domain longer than four letters (.museum, .company,
        #   .technology), quoted local parts, address literals, non-ASCII, and legal local-part
        #   characters such as ! # $ & ' * / = ? ^ ` { | } ~; accepts what RFC 5321 forbids: leading,
        #   trailing and doubled dots in the local part (".a..b.@x.com"), doubled dots and leading or
        #   trailing hyphens in the domain ("a@-x..com"), labels over 63 octets, any length.
        # Format: lines starting with # are comments; the other lines are trimmed of spaces and tabs
        #   at both ends and joined; the result is one PCRE2 pattern, matched against the whole input.
        [A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}

        """#

    /// `Rules/email/lenient.pcre`.
    static let lenient = #"""
        # Mode: lenient. The classic permissive application regex, kept for compatibility, anchored.
        # Source: the "anything@anything.tld" pattern of many apps and tutorials:
        #   .+@.+\.[A-Za-z]{2}[A-Za-z]*
        # Flaws: accepts almost anything with an @ and a final dot followed by two ASCII letters:
        #   spaces ("a b@c d.com"), several @ ("a@b@c.com"), a display name ("Joe joe@x.com"),
        #   control characters other than LF, any length; rejects valid addresses that do not end
        #   in ".letters" ("user@[127.0.0.1]", "user@localhost", "user@例え.テスト"). Its two
        #   ".+" backtrack on long hostile lines; the match limit stops them.
        # Format: lines starting with # are comments; the other lines are trimmed of spaces and tabs
        #   at both ends and joined; the result is one PCRE2 pattern, matched against the whole input.
        .+@.+\.[A-Za-z]{2}[A-Za-z]*

        """#

    /// `Rules/email/international.pcre`.
    static let international = #"""
        # Mode: international. SMTPUTF8 addresses: UTF-8 local part, IDN domain.
        # Source: RFC 6531 §3.3 (atext =/ UTF8-non-ascii, qtextSMTP =/ UTF8-non-ascii,
        #   sub-domain =/ U-label) over RFC 5321 §4.1.2; U-labels and A-labels per RFC 5890 §2.3.2.1
        #   and RFC 5891 §4.2.3.
        # The domain is first converted by the package's UTS #46 canonicaliser (the one the request
        #   guard uses for hosts: mapping, NFC, A-labels) and this pattern is matched against the
        #   local part, "@" and that A-label domain: the pattern decides the local part's syntax, the
        #   canonicaliser the domain's. The U-label classes below only matter to a pattern of your own.
        # Checked before this pattern, in Swift, each with its own rejection reason: no character of
        #   General Category Cc, Cf, Zl, Zp, Co, Cs, Cn (noncharacters included), nor Zs except U+0020
        #   inside a quoted local part, anywhere in the address as written; no combining mark first
        #   in the local part; the RFC 5321 lengths in UTF-8 octets (address 254, local part 64),
        #   also with the A-label domain; labels 1-63 octets and the domain at most 253 as A-labels;
        #   no "--" in positions 3-4 unless a valid xn-- A-label (RFC 5890 §2.3.1); the top-level
        #   label ends with a letter (RFC 1123 §2.1); the policy of email/policy.json (dot,
        #   special-use names, quoted local parts, literals); address literals as in rfc5321.
        #   After it: the local part must be in NFC (RFC 6532 §3.1); the NFC form is offered.
        # Flaws: UTS #46 (as browsers apply it) admits symbols and emoji that IDNA2008 (RFC 5892)
        #   disallows, and does not apply the CONTEXTO rules.
        # Format: lines starting with # are comments; the other lines are trimmed of spaces and tabs
        #   at both ends and joined; the result is one PCRE2 pattern, matched against the whole input.
        ^(?:
          [A-Za-z0-9!#$%&'*+\/=?^_`{|}~\x{80}-\x{10FFFF}-]+(?:\.[A-Za-z0-9!#$%&'*+\/=?^_`{|}~\x{80}-\x{10FFFF}-]+)*
          |"(?:[\x20\x21\x23-\x5B\x5D-\x7E\x{80}-\x{10FFFF}]|\\[\x20-\x7E])*"
        )@(?:
          [A-Za-z0-9\p{L}\p{Nd}](?:[A-Za-z0-9\p{L}\p{M}\p{Nd}-]*[A-Za-z0-9\p{L}\p{M}\p{Nd}])?
          (?:\.[A-Za-z0-9\p{L}\p{Nd}](?:[A-Za-z0-9\p{L}\p{M}\p{Nd}-]*[A-Za-z0-9\p{L}\p{M}\p{Nd}])?)*
          |\[(?:[0-9]{1,3}(?:\.[0-9]{1,3}){3}|[A-Za-z0-9-]*[A-Za-z0-9]:[\x21-\x5A\x5E-\x7E]+)\]
        )$

        """#
}
