import SanitizeKit

/// docs/text.md: a user's `raw` name, a `value` bound for SQL, a `userValue` bound for a URL path.
func textExamples(raw: String, value: String, userValue: String) throws {
    // Unicode hygiene (all String → String)
    let name = TextHygiene.truncate(
        TextHygiene.stripBidiControls(TextHygiene.stripControls(TextHygiene.nfc(TextHygiene.trim(raw)))),
        maxGraphemes: 64)
    print(name)
    print(TextHygiene.truncate("👨‍👩‍👧🇪🇸", maxUTF8Bytes: 20))  // "👨‍👩‍👧" (18 bytes; the flag would not fit whole)

    // SQL
    print(try SQL.quoteLiteral("O'Reilly", dialect: .postgres))      // 'O''Reilly'
    print(try SQL.quoteLiteral("a\\b'", dialect: .mysql))             // 'a\\b\''
    print(try SQL.quoteIdentifier("order", dialect: .sqlite))         // "order"
    print(try SQL.strip("1'; DROP TABLE t; --"))                      // "1 DROP TABLE t "
    print(try SQL.strip(value, removing: StripSet(characters: "<>;", sequences: ["--"])))

    // Shell
    print(try Shell.quote("it's $HOME"))                              // 'it'\''s $HOME'
    print(try Shell.strip("a; rm -rf / &"))                           // "arm-rf/"
    do { _ = try Shell.quote("-rf", refusingOptions: true) } catch { print(error) }   // option-like-argument

    // URL
    print(PercentEncoding.encode("a b&c=d", for: .query))             // a%20b%26c%3Dd
    print(try URLPath.encodeSegment(userValue))                       // one path segment; throws dot-segment for . and ..
    print(try URLPath.encodePath("docs/a b/1.txt"))                   // docs/a%20b/1.txt; each segment checked
    print(PercentEncoding.encode("a b", for: .form))                  // a+b
    print(PercentEncoding.encode("a/b%", using: PercentEncodeSet.path.adding("/%")))   // a%2Fb%25: a custom set
    print(try PercentDecoding.decode("caf%C3%A9"))                    // "café"
    print(try PercentDecoding.decodeForm("a+b%2B"))                   // "a b+"
    do { _ = try PercentDecoding.decode("100%") } catch { print(error) }   // malformed-percent-escape, byte 3

    // Named steps (the table below) are written as JSON, in a contract's `x-sanitize` or a policy:
    let hygiene = try RecordFilter.policy(
        fromJSON: #"{"stringSteps":["trim","nfc","strip-bidi",{"truncate":{"graphemes":64}}]}"#)
    var workspace = RecordFilter.Workspace()
    print(hygiene.process(#"{"name":" Ada "}"#.utf8, in: &workspace).sanitizedText ?? "")   // {"name":"Ada"}
}
