/// The compiled-in copy of `Rules/text/strip-sets.json` (a test checks they are equal byte
/// for byte), so the library works without a Rules directory at hand.
enum DefaultStripSets {
    static let json = #"""
{
  "about": "Characters and sequences removed by `sanitize strip sql|shell` and SQL.strip / Shell.strip. Each set: characters (every Unicode scalar of the string is removed) and sequences (removed wherever they occur, also when removal brings their parts together).",
  "sets": {
    "sql": {
      "characters": "%'\";\\/\t\r\n",
      "sequences": ["--", "/*"]
    },
    "shell": {
      "characters": "|&;<>()$`\\\"' \t\n\r*?[]#~{}!^",
      "sequences": []
    }
  }
}

"""#

    /// The sets of the compiled-in file, by name (`sql`, `shell`).
    static let sets: [String: StripSet] = (try? StripSet.namedSets(fromJSON: Array(json.utf8))) ?? [:]
}
