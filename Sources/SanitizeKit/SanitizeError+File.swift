extension SanitizeError {
    /// The same error, located in `path` (its pointer, line and column kept).
    /// - Parameter path: the file the error was found in.
    /// - Returns: the error with ``Location/file`` set.
    package func located(inFile path: String) -> SanitizeError {
        var located = self
        var location = self.location ?? .init()
        location.file = path
        located.location = location
        return located
    }
}
