/// The compiled-in copy of `Rules/policy/filter-default.json`, so that `sanitize filter`
/// works from any directory. A test checks that it equals the file byte for byte.
enum DefaultFilterPolicy {
    static let json = #"""
{
  "$comment": "Default policy of `sanitize filter` when no --contract is given: these x-sanitize steps run, in order, on every string value of every record (member values and array items at any depth; member names are left alone). No schema is checked.",
  "stringSteps": ["nfc", "strip-controls", "strip-bidi"]
}
"""#
}
