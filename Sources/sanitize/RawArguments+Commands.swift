/// The subcommands whose line values or file names are read as bytes (see ``RawArguments``):
/// line values, instance and input files, and the configuration files that ``ConfigFile``
/// opens. A subcommand added later that takes lines (``LineInput``) or files conforms here too.
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
    var byteArguments: [String] { files + [contract, policy, report].compactMap { $0 } }
}

extension Validate: ReadsArgumentsAsBytes {
    var byteArguments: [String] { instances + [schema, openAPI].compactMap { $0 } }
}

extension Challenge: ReadsArgumentsAsBytes {
    var byteArguments: [String] { input.values + [policy].compactMap { $0 } }
}

extension Guard: ReadsArgumentsAsBytes {
    var byteArguments: [String] { [url, policy].compactMap { $0 } }
}

extension Message: ReadsArgumentsAsBytes {
    var byteArguments: [String] { [code].compactMap { $0 } }
}
