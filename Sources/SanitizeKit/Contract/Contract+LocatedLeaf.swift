extension Contract {
    /// Evaluates the one fault of a record that the shape scan located at a value it read
    /// alone (``ShapeCheck/Leaf``, from ``ShapeCheck/Scanner/locate(_:faults:skippable:leaf:)``),
    /// without parsing the rest of the record.
    ///
    /// Everything but the value the scan has read: it is JSON, it holds no whitespace, every
    /// value in it is valid, and every object and array around the value passes its own checks
    /// (``ShapeCheck/Node/evaluatesAlone``). So the evaluation of the whole record (located,
    /// ``validate(_:into:faults:)``) enters those objects and arrays only to reach the value and
    /// reports what the value's schema reports there. This reaches it straight: the value alone
    /// is parsed (`"Britain"` for `/address/country`, with the depth its path uses up taken from
    /// the limit) and its schema is evaluated on it with the path's pointer before every
    /// instance location (``ViolationSink/instancePrefix``), the references crossed (none: a
    /// shape-checked contract has none) and the hiding of values (a `writeOnly` or
    /// `x-sensitive` schema on the path) the whole evaluation has there, so its violations are
    /// the same, word for word.
    /// - Parameters:
    ///   - leaf: what the scan found of the value (its schema is not -1).
    ///   - value: the value's bytes (``ShapeCheck/Leaf/value`` of the record the scan read).
    ///   - limits: the record parser's limits.
    ///   - document: where the value is parsed (a workspace's, reused); afterwards it is
    ///     minimal text exactly when the record is (the scan read the rest, and gives up on
    ///     whitespace).
    ///   - sink: the reused sink; its violations are replaced.
    /// - Returns: whether the record is valid (its violations are in `sink`), or `nil`
    ///   when the value is not JSON within the limits: the caller parses the record, whose
    ///   error says where.
    func validate(
        leaf: ShapeCheck.Leaf, value: some Collection<UInt8>, limits: JSONLimits, document: inout JSONDocument,
        into sink: ViolationSink
    ) -> Bool? {
        var valueLimits = limits
        valueLimits.maxDepth -= leaf.depth
        guard valueLimits.maxDepth >= 0 else { return nil }
        do throws(SanitizeError) {
            try ContiguousInput.with(value) { bytes throws(SanitizeError) in try document.reparse(bytes, limits: valueLimits) }
        } catch {
            return nil
        }
        sink.removeAll()
        sink.instancePrefix.append(contentsOf: leaf.pointer)
        defer { sink.instancePrefix.removeAll(keepingCapacity: true) }
        return Evaluator.with(buffers: buffers, document: document, failFast: options.stopAtFirstError, sink: sink) { evaluator in
            evaluator.depth = leaf.depth
            if leaf.underSensitive { evaluator.sensitive = 1 }
            var annotations = Annotations()
            return evaluator.evaluate(leaf.schema, document.root, &annotations, collect: false)
        }
    }
}
