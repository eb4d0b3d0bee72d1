package import Testing

extension Trait where Self == ConditionTrait {
    /// The trait of every test or suite that reads ``Corpus`` data: runs it when the corpus is
    /// found; otherwise reports it skipped with the reason and the command that gets the data,
    /// as the integration suites are. Under CI (`CI=true`) a missing corpus fails the test instead
    /// (the condition throws ``CorpusMissing``, which Swift Testing records as an issue).
    package static func corpus(_ corpus: Corpus) -> Self {
        .enabled(Comment(rawValue: corpus.missingReason)) {
            if corpus.directory != nil { return true }
            if CorpusLookup.isCI { throw CorpusMissing(corpus: corpus) }
            return false
        }
    }
}
