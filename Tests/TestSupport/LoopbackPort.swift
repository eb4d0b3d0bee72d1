import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Free TCP ports on 127.0.0.1 for the throw-away database servers of the tests.
package enum LoopbackPort {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// A loopback TCP port that is free right now (bind to port 0, read it, close).
    package static func free() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(fd, socketAddress, length) == 0 && getsockname(fd, socketAddress, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "could not find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
