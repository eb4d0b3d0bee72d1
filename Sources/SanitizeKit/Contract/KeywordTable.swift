/// The members of one schema object, looked up by keyword name: the last member with a name
/// wins, as in a dictionary filled in document order. A schema object has a handful of members
/// and compiling one asks for some forty keywords, so scanning the members costs less than
/// hashing every keyword asked for (and building a dictionary per subschema).
struct KeywordTable {
    let members: [JSONValue.Member]

    init(_ members: [JSONValue.Member]) {
        self.members = members
    }

    /// The value of the last member named `keyword`, or `nil`.
    /// Lengths are compared first: most members differ from the keyword asked for in length,
    /// and counting a native string's UTF-8 is much cheaper than comparing two strings.
    subscript(keyword: String) -> JSONValue? {
        let length = keyword.utf8.count
        var index = members.count
        while index > 0 {
            index -= 1
            if members[index].key.utf8.count == length, members[index].key == keyword { return members[index].value }
        }
        return nil
    }
}
