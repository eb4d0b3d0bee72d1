import Benchmark
import SanitizeKit

/// Server errors → predefined messages: lookups per second through the public API.
///
/// Each iteration maps one error; `scalingFactor: .kilo` runs 1,000 per measured iteration,
/// so throughput reads as thousands of messages per second.
func registerMessagesBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.throughput, .wallClock, .mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(3))
    let mapper = ServerErrorMapper()
    _ = mapper.message(forCode: "warm-up", locale: "en")  // load the compiled-in catalog outside the loop

    Benchmark("Messages: by code (es-MX → es)", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(mapper.message(forCode: "auth.expired", locale: "es-MX"))
        }
    }

    Benchmark("Messages: by status with Retry-After", configuration: configuration) { benchmark in
        let headers = ["Retry-After": "30"]
        let body: [UInt8] = []
        for _ in benchmark.scaledIterations {
            blackHole(mapper.message(status: 429, headers: headers, body: body, contentType: nil, locale: "en"))
        }
    }

    Benchmark("Messages: problem+json body (RFC 9457 §3)", configuration: configuration) { benchmark in
        let body = Array(MessagesBenchmarkInputs.problemBody.utf8)
        for _ in benchmark.scaledIterations {
            blackHole(mapper.message(status: 403, body: body, contentType: "application/problem+json", locale: "en"))
        }
    }

    Benchmark("Messages: 4 KiB JSON body with a stack trace", configuration: configuration) { benchmark in
        let body = MessagesBenchmarkInputs.stackTraceBody
        for _ in benchmark.scaledIterations {
            blackHole(mapper.message(status: 500, body: body, contentType: "application/json", locale: "es"))
        }
    }

    Benchmark("Messages: 64 KiB HTML body (not parsed)", configuration: configuration) { benchmark in
        let body = MessagesBenchmarkInputs.htmlBody
        for _ in benchmark.scaledIterations {
            blackHole(mapper.message(status: 502, body: body, contentType: "text/html", locale: "en"))
        }
    }
}

/// Bodies for the message benchmarks, built once.
enum MessagesBenchmarkInputs {
    /// The first example of RFC 9457 §3.
    static let problemBody = #"""
        {"type":"https://example.com/probs/out-of-credit","title":"You do not have enough credit.",
         "detail":"Your current balance is 30, but that costs 50.","instance":"/account/12345/msgs/abc",
         "balance":30,"accounts":["/account/12345","/account/67890"]}
        """#

    /// A JSON error of about 4 KiB: a code the catalog lacks, a message and a long stack trace.
    static let stackTraceBody: [UInt8] = {
        var frames: [String] = []
        var generator = SplitMix64(seed: 6)
        while frames.joined().utf8.count < 4000 {
            frames.append(
                "\"at com.corp.service.Handler\(generator.next() % 1000).run(Handler.java:\(generator.next() % 500))\"")
        }
        let json =
            #"{"code":"E_INTERNAL","message":"ERROR: relation \"users\" does not exist","stack":["#
            + frames.joined(separator: ",") + "]}"
        return Array(json.utf8)
    }()

    /// 64 KiB of an HTML error page, as a proxy might send.
    static let htmlBody: [UInt8] = {
        let line = Array("<p>502 Bad Gateway nginx/1.18.0 upstream 10.0.3.17:8080</p>\n".utf8)
        var bytes: [UInt8] = []
        while bytes.count < 64 << 10 { bytes += line }
        return bytes
    }()
}
