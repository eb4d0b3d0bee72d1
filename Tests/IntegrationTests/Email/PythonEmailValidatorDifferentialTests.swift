import Foundation
import Testing

import SanitizeKit

/// Differential test of `international` against python-email-validator 2.3.0 (PyPI
/// `email-validator`, installed by scripts/test), syntax only: `check_deliverability=False`,
/// with quoted local parts and domain literals allowed and `strict=True` (the 64-character
/// local part limit), which are our mode's defaults. One `python3` process judges the batch:
/// generated addresses that put a scalar of every Unicode General Category into local parts
/// and domain labels, seeded mixes, and the addresses of the library's own published tests
/// (`tests/test_syntax.py` of the 2.3.0 sdist, ``Corpus/emailValidatorPackage``, which
/// `scripts/get-package-data` unpacks; read with Python's `ast`).
///
/// Every verdict must agree, or the difference must fall in one of the classes of
/// ``Difference``, each listed with its reason in docs/email.md.
@Suite("Differential: international mode vs python-email-validator", .integration, .corpus(.emailValidatorPackage))
struct PythonEmailValidatorDifferentialTests {
    /// Why our verdict may differ from python-email-validator's (docs/email.md lists each).
    enum Difference: String, CaseIterable {
        /// We refuse a local part not in NFC and offer its NFC form; it normalizes silently.
        case nfcRequired = "local part not in NFC"
        /// We allow only U+0020 among spaces inside a quoted local part; it allows every Zs.
        case quotedSpace = "non-ASCII space inside quotes"
        /// The scalar is unassigned (Cn) in Python's Unicode 14.0 database, assigned in Swift's
        /// (Unicode 16): it refuses what we judge by its real category.
        case unicodeVersion = "Unicode version"
        /// Our UTS #46 tables are Unicode 15.0, its `idna` 3.13's are Unicode 16.0: a code point
        /// our table disallows that its table maps or admits (new scalars; the Georgian
        /// capitals U+10A0–10C5, mapped since UTS #46 15.1).
        case idnaTableVersion = "IDNA table version"
        /// UTS #46 (browsers, our guard) admits symbols, emoji and CONTEXTO characters that
        /// IDNA2008 (its `idna.alabel`) refuses.
        case uts46Admits = "UTS #46 admits, IDNA2008 refuses"
        /// The Bidi rule of RFC 5893 §2 applies across a Bidi domain name (UTS #46 CheckBidi);
        /// it checks each label on its own.
        case bidiAcrossLabels = "Bidi rule across labels"
        /// Address literals: we follow RFC 5321 §4.1.3 (`::` for two or more groups, `IPv6` tag
        /// only), it follows Python's `ipaddress`.
        case addressLiteral = "address literal forms"
        /// RFC 5321 quoted-pairSMTP escapes ASCII 32–126 only; it unescapes any character.
        case quotedPair = "quoted-pair beyond ASCII"
        /// `""@example.com` is valid RFC 5321 syntax; it refuses an empty local part.
        case emptyQuoted = "empty quoted local part"
        /// We count the local part's 64 octets as written, quotes and backslashes included
        /// (RFC 5321 §4.5.3.1.1); it counts the characters of the unquoted value.
        case localPartOctets = "local part length in octets"
        /// It also checks the length of the address with U-labels after normalization.
        case uLabelLength = "length in U-label form"
    }

    static let judge = #"""
        import ast, json, sys, unicodedata
        import idna
        from importlib.metadata import version
        from email_validator import validate_email, EmailNotValidError

        request = json.load(sys.stdin)
        vectors, unencodable = [], 0
        tree = ast.parse(open(request["vectors"], encoding="utf-8").read())
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef):
                continue
            for decorator in node.decorator_list:
                if not (isinstance(decorator, ast.Call) and getattr(decorator.func, "attr", "") == "parametrize"):
                    continue
                for element in decorator.args[1].elts:
                    first = element.elts[0] if isinstance(element, (ast.Tuple, ast.List)) else element
                    if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                        continue
                    inputs = [first.value + "@example.com", "test@" + first.value] if node.name == "test_email_unsafe_character" else [first.value]
                    for text in inputs:
                        try:
                            text.encode("utf-8")
                            vectors.append(text)
                        except UnicodeEncodeError:
                            unencodable += 1

        def remaps(domain):
            try:
                idna.uts46_remap(domain, std3_rules=False, transitional=False)
                return True
            except Exception:
                return False

        def judge(address):
            unassigned = any(unicodedata.category(c) == "Cn" for c in address)
            remapped = remaps(address.rsplit("@", 1)[-1])
            try:
                validate_email(address, check_deliverability=False, allow_quoted_local=True,
                               allow_domain_literal=True, strict=True)
                return [True, "", unassigned, remapped]
            except EmailNotValidError as error:
                return [False, str(error), unassigned, remapped]

        json.dump({
            "versions": [version("email-validator"), idna.__version__, unicodedata.unidata_version],
            "generated": [judge(a) for a in request["addresses"]],
            "vectors": [[a] + judge(a) for a in vectors],
            "unencodable": unencodable,
        }, sys.stdout)
        """#

    /// A few scalars of every General Category that Swift can hold (not Cs), seeded.
    static func samplesByCategory(_ generator: inout SeededGenerator, perCategory: Int) -> [String: [Unicode.Scalar]] {
        var all: [String: [Unicode.Scalar]] = [:]
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            all[scalar.generalCategoryCode, default: []].append(scalar)
        }
        var samples: [String: [Unicode.Scalar]] = [:]
        for (category, scalars) in all.sorted(by: { $0.key < $1.key }) {
            samples[category] = (0..<perCategory).map { _ in scalars[Int.random(in: 0..<scalars.count, using: &generator)] }
        }
        return samples
    }

    static func generatedAddresses() -> [String] {
        var generator = SeededGenerator(seed: 0xE3A1_2026)
        let samples = samplesByCategory(&generator, perCategory: 6)
        var addresses: [String] = []
        for category in samples.keys.sorted() {
            for scalar in samples[category] ?? [] {
                let x = String(Character(scalar))
                addresses += [
                    "a\(x)b@example.com", "\(x)ab@example.com", "ab\(x)@example.com", "\"a\(x)b\"@example.com",
                    "me@a\(x)b.example.com", "me@\(x)ab.example.com", "me@example.a\(x)b", "me@例\(x).jp",
                ]
            }
        }
        // Mixes: mostly letters of several scripts, now and then a scalar of any category.
        let letters = Array("abcxyzABC0189-_.+éüßøπλδжюשאعربي中文例えテスト한국어हिन्दीไทย")
        let every = samples.keys.sorted().flatMap { samples[$0] ?? [] }
        func part(_ count: Int) -> String {
            var text = ""
            for _ in 0..<count {
                if Int.random(in: 0..<6, using: &generator) == 0 {
                    text.unicodeScalars.append(every[Int.random(in: 0..<every.count, using: &generator)])
                } else {
                    text.append(letters[Int.random(in: 0..<letters.count, using: &generator)])
                }
            }
            return text
        }
        let tlds = ["com", "org", "рф", "中国", "xn--p1ai", "test", "c0m", "ab"]
        for _ in 0..<3_000 {
            let local = part(Int.random(in: 1...8, using: &generator))
            let quoted = Int.random(in: 0..<8, using: &generator) == 0
            let labels = (0..<Int.random(in: 1...2, using: &generator)).map { _ in part(Int.random(in: 1...7, using: &generator)) }
            let domain = (labels + [tlds[Int.random(in: 0..<tlds.count, using: &generator)]]).joined(separator: ".")
            addresses.append((quoted ? "\"\(local)\"" : local) + "@" + domain)
        }
        return addresses
    }

    /// The class that explains a difference, or nil when none does.
    static func explain(
        _ address: String, ours: EmailVerdict, theirs: (valid: Bool, message: String, unassigned: Bool, remaps: Bool)
    ) -> Difference? {
        // Split on scalars: "@" followed by a combining scalar is one Character.
        let scalars = address.unicodeScalars
        let at = scalars.lastIndex(of: "@")
        let local = at.map { String(scalars[..<$0]) } ?? address
        let domain = at.map { String(scalars[scalars.index(after: $0)...]) } ?? ""
        if theirs.unassigned, !theirs.valid { return .unicodeVersion }
        if domain.hasPrefix("[") { return .addressLiteral }
        switch ours.rejection {
        case .localPartNotNFC? where theirs.valid:
            return .nfcRequired
        case .refusedCharacter(let scalar, _)? where theirs.valid && local.hasPrefix("\"")
            && scalar.properties.generalCategory == .spaceSeparator:
            return .quotedSpace
        case .idnaRefused(let code, _)? where code == "idna-disallowed" && theirs.remaps:
            // Both sides run UTS #46 mapping: a disagreement there is the tables' version.
            return .idnaTableVersion
        case .idnaRefused(let code, _)? where code == "idna-bidi" && theirs.valid:
            return .bidiAcrossLabels
        case .patternMismatch? where theirs.valid && local.hasPrefix("\"") && local.contains("\\"):
            return .quotedPair
        case .localPartTooLong? where theirs.valid:
            return .localPartOctets
        case nil where !theirs.valid:
            if local == "\"\"" { return .emptyQuoted }
            if theirs.message.contains("too long after normalization") { return .uLabelLength }
            if domain.unicodeScalars.contains(where: { !$0.isASCII }) || domain.lowercased().contains("xn--") {
                return .uts46Admits
            }
        default:
            break
        }
        return nil
    }

    @Test func internationalAgreesWithPythonEmailValidatorOrTheDifferenceIsListed() throws {
        let addresses = Self.generatedAddresses()
        let vectorsPath = try Corpus.emailValidatorPackage.url("tests/test_syntax.py").path
        let request = try JSONSerialization.data(withJSONObject: ["addresses": addresses, "vectors": vectorsPath])
        let run = try ExternalTool.run("python3", ["-c", Self.judge], stdin: Array(request))
        try #require(run.status == 0, "python3 with email-validator failed (scripts/test installs it): \(run.stderr)")
        let reply = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
        let versions = reply["versions"] as? [String] ?? []
        #expect(versions.first == "2.3.0", "the pinned email-validator: \(versions)")

        let validator = EmailValidator(mode: .international)
        var counts: [Difference: Int] = [:]
        var agreed = 0
        var bothValid = 0
        var unexplained: [String] = []
        var uts46Kinds: [String: Int] = [:]
        func compare(_ address: String, _ judged: [Any]) {
            let theirs = (
                valid: judged[0] as? Bool ?? false, message: judged[1] as? String ?? "",
                unassigned: judged[2] as? Bool ?? false, remaps: judged[3] as? Bool ?? false
            )
            let ours = validator.validate(address)
            if ours.isValid == theirs.valid {
                agreed += 1
                if ours.isValid { bothValid += 1 }
            } else if let difference = Self.explain(address, ours: ours, theirs: theirs) {
                counts[difference, default: 0] += 1
                if difference == .uts46Admits {
                    // Its reason without the code point: "Codepoint U+… not allowed", "CONTEXTO…".
                    let kind = theirs.message.replacingOccurrences(
                        of: #"U\+[0-9A-F]+|position \d+ of '[^']*'|'[^']*'"#, with: "…", options: .regularExpression)
                    uts46Kinds[kind, default: 0] += 1
                }
            } else {
                unexplained.append("\(address.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()) ours: \(ours) theirs: \(theirs.valid ? "valid" : theirs.message)")
            }
        }
        let generated = try #require(reply["generated"] as? [[Any]])
        try #require(generated.count == addresses.count)
        for (address, judged) in zip(addresses, generated) { compare(address, judged) }
        let vectors = try #require(reply["vectors"] as? [[Any]])
        for vector in vectors {
            compare(vector[0] as? String ?? "", Array(vector.dropFirst()))
        }
        print("python-email-validator \(versions): \(addresses.count) generated + \(vectors.count) published addresses (\(reply["unencodable"] ?? 0) with a lone surrogate left out); \(agreed) agree (\(bothValid) valid); differences: \(Difference.allCases.map { "\($0.rawValue) \(counts[$0] ?? 0)" }.joined(separator: ", "))")
        for (kind, count) in uts46Kinds.sorted(by: { $0.value > $1.value }) { print("  UTS #46 admits, it refuses: \(count) × \(kind)") }
        #expect(unexplained.isEmpty, "\(unexplained.count) unexplained differences:\n\(unexplained.prefix(40).joined(separator: "\n"))")
        #expect(vectors.count > 250, "the published vectors were read")
        #expect(reply["unencodable"] as? Int == 2, "only '\\uD800' (a lone surrogate, in its two places) cannot be UTF-8")
        #expect(bothValid > 500, "enough addresses are valid on both sides")
        #expect(agreed > (addresses.count + vectors.count) * 3 / 4)
    }
}
