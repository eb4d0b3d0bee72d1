public import Foundation

extension FileInspector {
    /// Judges a file held in `Data`, such as a response body or an upload.
    /// - Parameters:
    ///   - data: the whole file.
    ///   - declaredType: a media type or file extension the file claims, if any.
    /// - Returns: the verdict.
    public func inspect(_ data: Data, declaredType: String? = nil) -> FileVerdict {
        data.withUnsafeBytes { inspect($0, declaredType: declaredType) }
    }
}
