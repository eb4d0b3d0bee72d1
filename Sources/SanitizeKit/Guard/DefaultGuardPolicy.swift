/// The compiled-in copy of `Rules/policy/guard-default.json`, so the library works without a
/// Rules directory. A test checks that it equals the file byte for byte.
enum DefaultGuardPolicy {
    /// The JSON text of the default policy.
    static let json = #"""
        {
          "version": 1,
          "description": "Default request-guard policy: https only, no loopback or local network, no userinfo, no host trusted with credentials.",
          "transport": {
            "httpExceptions": [],
            "loopback": "deny",
            "localNetwork": "deny",
            "allowUserinfo": false,
            "minimumTLSVersion": "1.2",
            "requiresForwardSecrecy": true,
            "tlsExceptions": [],
            "allowUnenforcedTLSFloor": false
          },
          "credentials": {
            "additionalHeaderNames": [],
            "allowedBaseURLs": []
          },
          "headers": {
            "maxTotalBytes": 16384,
            "maxCount": 100
          }
        }

        """#
}
