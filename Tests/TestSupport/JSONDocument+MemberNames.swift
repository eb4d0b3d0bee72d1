package import SanitizeKit

extension JSONDocument {
    /// The nodes that are member names (the keys of every object), which `propertyNames`
    /// evaluates and which are not values at an instance location.
    package func memberNameNodes() -> Set<Int> {
        var keys = Set<Int>()
        for node in 0..<nodeCount where kind(node) == .object {
            var child = node + 1
            for _ in 0..<count(node) {
                keys.insert(child)
                child = after(child + 1)
            }
        }
        return keys
    }
}
