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
    subscript(keyword: String) -> JSONValue? {
        var index = members.count
        while index > 0 {
            index -= 1
            if members[index].key == keyword { return members[index].value }
        }
        return nil
    }
}
