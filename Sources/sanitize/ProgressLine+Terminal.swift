import Foundation
import SanitizeKit

extension ProgressLine {
    /// Whether to draw the progress line: only on a terminal that understands the cursor
    /// controls it uses (`\r` and `ESC [ K`): standard error is a TTY and `TERM` is set and not
    /// `dumb` (the convention of less, git and GNU tools); never with `--quiet`.
    static func isWanted(quiet: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard !quiet, SystemCalls.isTerminal(2), let term = environment["TERM"], !term.isEmpty, term != "dumb" else {
            return false
        }
        return true
    }
}
