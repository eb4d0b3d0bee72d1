/// The subcommands whose line values or file names are read as bytes (see ``RawArguments``).
/// A subcommand added later that takes lines (``LineInput``) or files conforms here too.
extension Encode: ReadsArgumentsAsBytes {
    var byteArguments: [String] { input.values }
}

extension Decode: ReadsArgumentsAsBytes {
    var byteArguments: [String] { input.values }
}

extension Strip: ReadsArgumentsAsBytes {
    var byteArguments: [String] { input.values }
}

extension Limit: ReadsArgumentsAsBytes {
    var byteArguments: [String] { input.values }
}

extension CheckEmail: ReadsArgumentsAsBytes {
    var byteArguments: [String] { input.values }
}

extension CheckImage: ReadsArgumentsAsBytes {
    var byteArguments: [String] { files }
}

extension Filter: ReadsArgumentsAsBytes {
    var byteArguments: [String] { files }
}

extension Validate: ReadsArgumentsAsBytes {
    var byteArguments: [String] { instances }
}
