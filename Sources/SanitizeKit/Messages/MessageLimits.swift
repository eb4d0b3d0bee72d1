/// Every bound that the message mapper and the catalog loader apply, named in one place.
public struct MessageLimits: Sendable, Hashable {
    /// The most bytes of a server body that are inspected; the rest is ignored (default 64 KiB).
    ///
    /// A longer JSON body is cut at this bound, so it no longer parses and only the HTTP status
    /// selects the message.
    package var maxBodyBytes: Int
    /// The deepest JSON nesting read from a body or a catalog (default 32).
    package var maxDepth: Int
    /// The largest catalog file accepted, in bytes (default 1 MiB).
    package var maxCatalogBytes: Int
    /// The most catalog files read from one directory (default 256).
    package var maxCatalogFiles: Int

    /// The longest catalog message text, in UTF-8 bytes.
    static let maxMessageBytes = 1024
    /// The longest catalog key (code or problem type URI), in UTF-8 bytes.
    static let maxKeyBytes = 512
    /// The longest server code that is looked up, in UTF-8 bytes; a longer one is ignored.
    static let maxServerCodeBytes = 128
    /// The longest locale tag considered; a longer one falls back to the default locale.
    static let maxLocaleTagBytes = 64

    /// The defaults described on each property.
    public static let `default` = MessageLimits()

    /// Creates limits; every argument has the default described on its property.
    /// - Parameters:
    ///   - maxBodyBytes: body bytes inspected.
    ///   - maxDepth: JSON nesting depth.
    ///   - maxCatalogBytes: size of one catalog file.
    ///   - maxCatalogFiles: number of catalog files in a directory.
    public init(
        maxBodyBytes: Int = 64 << 10, maxDepth: Int = 32,
        maxCatalogBytes: Int = 1 << 20, maxCatalogFiles: Int = 256
    ) {
        self.maxBodyBytes = max(0, maxBodyBytes)
        self.maxDepth = max(1, maxDepth)
        self.maxCatalogBytes = max(0, maxCatalogBytes)
        self.maxCatalogFiles = max(0, maxCatalogFiles)
    }
}
