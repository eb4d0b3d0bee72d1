// Every file of this target sees the shared test support (ExternalTool, SeededGenerator, GeneratedText,
// TextCorpus, LoopbackPort, ImageFixture, SanitizeProcess) without importing it itself, so a
// test file moved here from another target compiles unchanged.
@_exported import TestSupport
