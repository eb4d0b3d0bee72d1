import Foundation

/// The policy options of the ``EmailMode/rfc5321`` and ``EmailMode/international`` modes:
/// rules a deliverable address needs beyond the grammar, and grammar a site may not want.
///
/// Defaults (`Rules/email/policy.json`, compiled in):
///
/// | option | `rfc5321` | `international` |
/// | --- | --- | --- |
/// | ``requireDot`` | on | on |
/// | ``refuseSpecialUseNames`` | on | on |
/// | ``allowQuotedLocalPart`` | on | on |
/// | ``allowDomainLiteral`` | on | on |
///
/// Both modes refuse dotless and special-use domains by default, as a deliverable address
/// needs and python-email-validator does; RFC 5321's grammar alone allows them (the JSON Schema
/// `email` format turns both off). The other modes are their pattern alone and ignore the policy.
///
/// ```swift
/// var policy = EmailPolicy.defaults(for: .rfc5321)
/// policy.requireDot = false
/// EmailValidator(mode: .rfc5321, policy: policy).validate("admin@mailserver1")
/// // .valid
/// ```
public struct EmailPolicy: Sendable, Hashable {
    /// The domain must have at least two labels. A deliverable address needs one: ICANN
    /// prohibits dotless domains in gTLDs (2013); RFC 5321 §4.1.2 allows them syntactically.
    public var requireDot: Bool
    /// Refuse a domain that is, or ends in, one of ``specialUseNames``.
    public var refuseSpecialUseNames: Bool
    /// Accept a Quoted-string local part (`"joe bloggs"@example.com`, RFC 5321 §4.1.2).
    public var allowQuotedLocalPart: Bool
    /// Accept an address literal (`joe@[192.0.2.1]`, `joe@[IPv6:2001:db8::1]`, RFC 5321 §4.1.3).
    public var allowDomainLiteral: Bool
    /// The names refused by ``refuseSpecialUseNames``, lowercase ASCII without dots at the
    /// edges (A-labels for IDNs); by default `arpa`, `invalid`, `local`, `localhost`, `onion`,
    /// `test` (IANA Special-Use Domain Names: RFC 6761 §6, RFC 6762, RFC 7686).
    package var specialUseNames: [String] {
        didSet { specialUseNameBytes = specialUseNames.map { Array($0.lowercased().utf8) } }
    }
    /// ``specialUseNames`` lowercased, as bytes, for the per-address comparison.
    private(set) var specialUseNameBytes: [[UInt8]]

    /// A policy with every option given.
    /// - Parameters:
    ///   - requireDot: see ``requireDot``.
    ///   - refuseSpecialUseNames: see ``refuseSpecialUseNames``.
    ///   - allowQuotedLocalPart: see ``allowQuotedLocalPart``.
    ///   - allowDomainLiteral: see ``allowDomainLiteral``.
    ///   - specialUseNames: see ``specialUseNames``; the built-in list when not given.
    package init(
        requireDot: Bool, refuseSpecialUseNames: Bool, allowQuotedLocalPart: Bool, allowDomainLiteral: Bool,
        specialUseNames: [String] = EmailPolicy.defaultSpecialUseNames
    ) {
        self.requireDot = requireDot
        self.refuseSpecialUseNames = refuseSpecialUseNames
        self.allowQuotedLocalPart = allowQuotedLocalPart
        self.allowDomainLiteral = allowDomainLiteral
        self.specialUseNames = specialUseNames.map { $0.lowercased() }
        self.specialUseNameBytes = self.specialUseNames.map { Array($0.utf8) }
    }

    /// The special-use names of the compiled-in `Rules/email/policy.json`.
    package static var defaultSpecialUseNames: [String] { builtIn.specialUseNames }

    /// The default policy of `mode`, from the compiled-in copy of `Rules/email/policy.json`.
    /// The pattern-only modes (`html5`, `strict`, `lenient`) get a policy with no extra rule,
    /// which they ignore anyway.
    /// - Parameter mode: the mode.
    /// - Returns: the mode's default policy.
    public static func defaults(for mode: EmailMode) -> EmailPolicy {
        builtIn.policies[mode] ?? EmailPolicy(
            requireDot: false, refuseSpecialUseNames: false, allowQuotedLocalPart: true, allowDomainLiteral: true,
            specialUseNames: builtIn.specialUseNames)
    }

    /// The compiled-in copy of `Rules/email/policy.json` (a test checks they are equal).
    package static var defaultFileText: String { DefaultEmailPolicy.json }

    /// The name of the policy file inside a rules directory: `email/policy.json`.
    package static let relativePath = "email/policy.json"

    /// Reads the policies of a file in the format of `Rules/email/policy.json`:
    /// `{"modes": {"rfc5321": {…}, "international": {…}}, "specialUseNames": […]}`, each mode
    /// with the four Boolean options (all required).
    /// - Parameter bytes: the file's bytes.
    /// - Returns: the policy of each mode the file names.
    /// - Throws: ``SanitizeError`` coded `configuration` when the file is not in that format
    ///   (an unknown key included: its pointer and the keys allowed) or names a mode other than
    ///   `rfc5321` and `international`.
    package static func policies(fromJSON bytes: [UInt8]) throws(SanitizeError) -> [EmailMode: EmailPolicy] {
        try parse(bytes).policies
    }

    /// Reads the policy of `mode` from `<directory>/email/policy.json`, or the built-in default
    /// when the directory has no such file (a rules directory may hold only patterns).
    /// - Parameters:
    ///   - mode: the mode.
    ///   - directory: the rules directory, the one that holds `email/`.
    /// - Returns: the mode's policy.
    /// - Throws: ``SanitizeError`` coded `io` when the file exists but cannot be read,
    ///   `configuration` when it is not a policy file or does not name `mode`.
    package static func policy(for mode: EmailMode, inRulesDirectory directory: String) throws(SanitizeError) -> EmailPolicy {
        let path = URL(fileURLWithPath: directory).appendingPathComponent(relativePath).path
        guard FileManager.default.fileExists(atPath: path) else { return defaults(for: mode) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SanitizeError(.io, "cannot read the email policy file", at: .init(file: path))
        }
        do throws(SanitizeError) {
            let policies = try policies(fromJSON: Array(data))
            guard mode.checksStructure else { return defaults(for: mode) }
            guard let policy = policies[mode] else {
                throw SanitizeError(.configuration, "the email policy file has no entry for mode \(mode)")
            }
            return policy
        } catch {
            var located = error
            var location = error.location ?? .init()
            location.file = path
            located.location = location
            throw located
        }
    }

    /// The four options of a mode, all required.
    private static let optionKeys = ["requireDot", "refuseSpecialUseNames", "allowQuotedLocalPart", "allowDomainLiteral"]

    private static func parse(_ bytes: [UInt8]) throws(SanitizeError) -> (policies: [EmailMode: EmailPolicy], specialUseNames: [String]) {
        let file = try RuleFile(bytes: bytes, file: nil, what: "email policy file")
        let top = try file.members(of: file.root, allowing: ["about", "modes", "specialUseNames"])
        let specialUseNames = try file.strings(try file.required("specialUseNames", in: top, of: file.root))
        var policies: [EmailMode: EmailPolicy] = [:]
        for (name, value) in try file.members(of: try file.required("modes", in: top, of: file.root), allowing: nil) {
            guard let mode = EmailMode(rawValue: name), mode.checksStructure else {
                throw file.problem("the email policy file names mode '\(name)'; only rfc5321 and international have a policy", at: value)
            }
            let fields = try file.members(of: value, allowing: optionKeys)
            var options: [Bool] = []
            for key in optionKeys { options.append(try file.bool(try file.required(key, in: fields, of: value))) }
            policies[mode] = EmailPolicy(
                requireDot: options[0], refuseSpecialUseNames: options[1], allowQuotedLocalPart: options[2],
                allowDomainLiteral: options[3], specialUseNames: specialUseNames)
        }
        return (policies, specialUseNames)
    }

    /// The compiled-in file, parsed once.
    private static let builtIn: (policies: [EmailMode: EmailPolicy], specialUseNames: [String]) = {
        do {
            return try parse(Array(DefaultEmailPolicy.json.utf8))
        } catch {
            // Fixed text that the tests parse and compare with Rules/email/policy.json.
            preconditionFailure("the built-in email policy does not parse: \(error)")
        }
    }()
}
