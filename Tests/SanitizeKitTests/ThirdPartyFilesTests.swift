import Foundation
import Testing

/// The repository holds our own code and data only (issue #27): third-party corpora are read where
/// they live (``Corpus``), never committed. This test looks at every file of the checkout
/// (`git ls-files`, or a walk of the tree where git is absent) and fails when an upstream licence
/// text, a `SOURCE.txt` or a licence file comes back, outside ``allowlist``.
@Suite("No third-party corpus copied into the repository")
struct ThirdPartyFilesTests {
    /// Lines of the licences that came with the corpora we used to copy (JSON-Schema-Test-Suite,
    /// Big List of Naughty Strings, jsonschema-rs, web-platform-tests, python-email-validator's
    /// Unlicense, idna, SchemaStore's Apache-2.0, Unicode's data files).
    static let licenceLines = [
        "Copyright (c) 2012 Julian Berman",
        "Max Woolf",
        "Dmitry Dygalo",
        "web-platform-tests contributors",
        "This is free and unencumbered software released into the public",
        "Kim Davies and contributors",
        "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION",
        "UNICODE LICENSE V3",
        "Unicode, Inc.",
    ]

    /// Our own files that may hold one of ``licenceLines``, each with the reason.
    static let allowlist: [String: String] = [
        "Sources/SanitizeKit/IDNA/UTS46Data+Tables.swift":
            "our tables, generated from Unicode's data by scripts/generate-idna-table; Unicode's licence asks for its notice with them",
        "Tests/SanitizeKitTests/ThirdPartyFilesTests.swift": "this test, which names the lines it looks for",
    ]

    /// The one third-party data the product carries (issue #27): json-schema.org's meta-schemas,
    /// which `Contract` needs at run time to resolve `$schema` and meta-schema `$ref`s offline,
    /// and their compiled-in copy (`scripts/generate-metaschemas`). Their origin and licences are
    /// stated in the README ("Third-party data in the product"); nothing else third-party may join
    /// this list without the same.
    static let productData: Set<String> = Set(
        [
            "draft-04-schema.json", "draft-06-schema.json", "draft-07-schema.json",
            "draft2019-09-meta-applicator.json", "draft2019-09-meta-content.json", "draft2019-09-meta-core.json",
            "draft2019-09-meta-format.json", "draft2019-09-meta-meta-data.json", "draft2019-09-meta-validation.json",
            "draft2019-09-schema.json",
            "draft2020-12-meta-applicator.json", "draft2020-12-meta-content.json", "draft2020-12-meta-core.json",
            "draft2020-12-meta-format-annotation.json", "draft2020-12-meta-meta-data.json",
            "draft2020-12-meta-unevaluated.json", "draft2020-12-meta-validation.json", "draft2020-12-schema.json",
        ].map { "Rules/contracts/metaschemas/" + $0 } + ["Sources/SanitizeKit/Contract/DefaultMetaSchemas.swift"])

    /// Lines only a copy of a json-schema.org meta-schema holds (its own title or description).
    static let metaSchemaLines = [
        #""title": "Core schema meta-schema""#,
        #""description": "Core schema meta-schema""#,
        #""title": "Core and Validation specifications meta-schema""#,
        #"vocabulary meta-schema""#,
        #""title": "Format vocabulary meta-schema for annotation results""#,
    ]

    /// File names that only a copied corpus brings.
    static func isCorpusFileName(_ name: String) -> Bool {
        let upper = name.uppercased()
        return name == "SOURCE.txt" || upper.hasPrefix("LICENSE") || upper.hasPrefix("LICENCE") || upper.hasPrefix("COPYING")
            || upper == "NOTICE" || upper == "NOTICE.TXT"
    }

    /// Every file of the checkout, relative to its root.
    static func repositoryFiles() throws -> [String] {
        let root = TestPaths.repositoryRoot
        if let run = try? ExternalTool.run("git", ["-C", root.path, "ls-files", "-z"]), run.status == 0 {
            return run.stdout.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        }
        // No git (a bare machine): every file but hidden ones and those below hidden folders
        // (.build, .git, Fuzz/.build-fuzz).
        var files: [String] = []
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let relative = walker?.nextObject() as? String {
            let isDirectory = walker?.fileAttributes?[.type] as? FileAttributeType == .typeDirectory
            if (relative as NSString).lastPathComponent.hasPrefix(".") {
                if isDirectory { walker?.skipDescendants() }
                continue
            }
            if walker?.fileAttributes?[.type] as? FileAttributeType == .typeRegular { files.append(relative) }
        }
        return files
    }

    @Test("no upstream licence text, SOURCE.txt or licence file outside the allowlist")
    func noCopiedCorpus() throws {
        let files = try Self.repositoryFiles()
        #expect(files.count > 500, "the file list looks wrong: \(files.count) files")
        #expect(files.contains("Package.swift"))
        var found: [String] = []
        for file in files where Self.allowlist[file] == nil {
            let name = (file as NSString).lastPathComponent
            if Self.isCorpusFileName(name) {
                found.append("\(file): a \(name) (corpora are read where they live, Tests/TestSupport/Corpus.swift)")
                continue
            }
            guard let data = FileManager.default.contents(atPath: TestPaths.repositoryRoot.appendingPathComponent(file).path)
            else { continue }
            let text = String(decoding: data.prefix(4_000_000), as: UTF8.self)
            for line in Self.licenceLines where text.contains(line) {
                found.append("\(file): holds \"\(line)\", an upstream licence of a corpus")
            }
        }
        #expect(found.isEmpty, "third-party files in the repository:\n\(found.joined(separator: "\n"))")
    }

    @Test("the meta-schemas are the one third-party product data: exactly the allowlisted files, noticed in the README")
    func metaSchemasAreTheOneProductData() throws {
        let files = try Self.repositoryFiles()
        var copies: Set<String> = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: TestPaths.repositoryRoot.appendingPathComponent(file).path)
            else { continue }
            let text = String(decoding: data.prefix(4_000_000), as: UTF8.self)
            if Self.metaSchemaLines.contains(where: text.contains) { copies.insert(file) }
        }
        // This test names the lines; every other file holding one must be allowlisted product data.
        copies.remove("Tests/SanitizeKitTests/ThirdPartyFilesTests.swift")
        #expect(copies == Self.productData, "meta-schema copies outside the allowlist, or allowlisted files gone")
        let folder = try FileManager.default.contentsOfDirectory(
            atPath: TestPaths.repositoryRoot.appendingPathComponent("Rules/contracts/metaschemas").path)
        #expect(Set(folder.map { "Rules/contracts/metaschemas/" + $0 }) == Self.productData.filter { $0.hasPrefix("Rules/") })
        let readme = try String(contentsOf: TestPaths.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let notice = try #require(readme.range(of: "### Third-party data in the product"))
        let rest = readme[notice.upperBound...]
        let section = rest[..<(rest.range(of: "\n#")?.lowerBound ?? rest.endIndex)]
        for needle in ["Rules/contracts/metaschemas/", "json-schema-org/json-schema-spec", "BSD", "AFL", "jsonschema-specifications", "MIT"] {
            #expect(section.contains(needle), "the README's notice does not name \(needle)")
        }
    }

    @Test("the check finds a copied corpus: a licence line, a SOURCE.txt, a LICENSE")
    func theCheckSeesACopy() throws {
        #expect(Self.isCorpusFileName("SOURCE.txt"))
        #expect(Self.isCorpusFileName("LICENSE.md"))
        #expect(Self.isCorpusFileName("LICENSE"))
        #expect(!Self.isCorpusFileName("manifest.json"))
        // Each upstream licence the corpora carry on this machine holds one of the lines, so a
        // copied licence is found whichever corpus it came from.
        for corpus in Corpus.allCases {
            guard let directory = corpus.directory else { continue }
            for name in ["LICENSE", "LICENSE.md"] {
                guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else { continue }
                let text = String(decoding: data, as: UTF8.self)
                #expect(Self.licenceLines.contains { text.contains($0) }, "\(corpus.folder)/\(name) holds none of the lines")
            }
        }
        for (file, reason) in Self.allowlist {
            #expect(FileManager.default.fileExists(atPath: TestPaths.repositoryRoot.appendingPathComponent(file).path), "\(file): \(reason)")
        }
    }
}
