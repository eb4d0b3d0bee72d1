extension Contract {
    /// Evaluates the one fault of a record that the shape scan located at a value it read
    /// alone (``ShapeCheck/Leaf``, from ``ShapeCheck/Scanner/locate(_:faults:skippable:leaf:)``),
    /// without parsing the rest of the record.
    ///
    /// Everything but the value the scan has read: it is JSON, it holds no whitespace, every
    /// value in it is valid, and every object and array around the value passes its own checks
    /// (``ShapeCheck/Node/evaluatesAlone``). So the evaluation of the whole record (located,
    /// ``validate(_:into:faults:)``) enters those objects and arrays only to reach the value and
    /// reports what the value's schema reports there. This reaches it straight: the value is
    /// parsed inside the keys and brackets of its path and nothing else
    /// (`{"address":{"country":"Britain"}}` for `/address/country`), and its schema is evaluated
    /// on it with the path's steps, the references crossed (none: a shape-checked contract has
    /// none) and the hiding of values (a `writeOnly` or `x-sensitive` schema on the path) the
    /// whole evaluation has there, so its violations are the same, word for word.
    /// - Parameters:
    ///   - leaf: what the scan found of the value (its schema is not -1), with its text.
    ///   - limits: the record parser's limits.
    ///   - document: where the value's text is parsed (a workspace's, reused); afterwards it is
    ///     minimal text exactly when the record is.
    ///   - sink: the reused sink; its violations are replaced.
    /// - Returns: whether the record is valid (its violations are in `sink`), or `nil`
    ///   when the value is not JSON within the limits: the caller parses the record, whose
    ///   error says where.
    func validate(leaf: ShapeCheck.Leaf, limits: JSONLimits, document: inout JSONDocument, into sink: ViolationSink) -> Bool? {
        do throws(SanitizeError) {
            try ContiguousInput.with(leaf.text) { bytes throws(SanitizeError) in try document.reparse(bytes, limits: limits) }
        } catch {
            return nil
        }
        sink.removeAll()
        return Evaluator.with(buffers: buffers, document: document, failFast: options.stopAtFirstError, sink: sink) { evaluator in
            // The value's node, and the path's steps as the whole evaluation pushes them: a
            // member by its key's node (the one member of each object here), an element by its
            // index.
            var node = document.root
            for step in leaf.path {
                if step & ShapeCheck.Leaf.elementStep != 0 {
                    evaluator.pushPath(.index(Int(step & ~ShapeCheck.Leaf.elementStep)))
                    node += 1
                } else {
                    evaluator.pushPath(.key(node + 1))
                    node += 2
                }
            }
            evaluator.depth = leaf.path.count
            if leaf.underSensitive { evaluator.sensitive = 1 }
            var annotations = Annotations()
            return evaluator.evaluate(leaf.schema, node, &annotations, collect: false)
        }
    }
}
