/// The compiled-in copy of `Rules/email/policy.json` (a test checks they are equal byte for
/// byte), so the library works without a Rules directory at hand.
enum DefaultEmailPolicy {
    static let json = #"""
{
  "about": "The policy options of the rfc5321 and international email modes, with their defaults. requireDot: the domain must have at least two labels (a deliverable address needs one; RFC 5321 itself allows a dotless domain). refuseSpecialUseNames: refuse domains that are, or end in, one of specialUseNames (IANA Special-Use Domain Names, RFC 6761, RFC 6762, RFC 7686). allowQuotedLocalPart: accept a Quoted-string local part (RFC 5321 §4.1.2). allowDomainLiteral: accept an address literal [IPv4] / [IPv6:...] (RFC 5321 §4.1.3). Both modes require a dot and refuse special-use names by default, as a deliverable address needs (python-email-validator's defaults too); the JSON Schema email format turns both off, since RFC 5321's grammar allows them.",
  "modes": {
    "rfc5321": {
      "requireDot": true,
      "refuseSpecialUseNames": true,
      "allowQuotedLocalPart": true,
      "allowDomainLiteral": true
    },
    "international": {
      "requireDot": true,
      "refuseSpecialUseNames": true,
      "allowQuotedLocalPart": true,
      "allowDomainLiteral": true
    }
  },
  "specialUseNames": ["arpa", "invalid", "local", "localhost", "onion", "test"]
}

"""#
}
