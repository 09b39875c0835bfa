/// Progress of a batch on standard error: one live line on a terminal, a plain line every few
/// seconds otherwise, nothing but the summary with `--quiet`.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How a batch shows its progress on standard error: a line redrawn in place (`live`), a line every
/// five seconds (`plain`, for logs), or only the summary (`quiet`).
public enum ProgressMode: Sendable, Equatable {
    case live
    case plain
    case quiet

    /// `live` when standard error is a terminal.
    public static func automatic(quiet: Bool) -> ProgressMode {
        quiet ? .quiet : (isatty(2) != 0 ? .live : .plain)
    }
}

struct Progress {
    let mode: ProgressMode
    let total: Int
    let program: String
    private var lastShown: UInt64 = DispatchTime.now().uptimeNanoseconds
    private var lineShown = false

    init(mode: ProgressMode, total: Int, program: String) {
        self.mode = mode
        self.total = total
        self.program = program
    }

    /// Nanoseconds between updates.
    var interval: UInt64 { mode == .live ? 200_000_000 : 5_000_000_000 }

    mutating func update(done: Int, failed: Int, rendered: Int, started: UInt64, now: UInt64, force: Bool = false) {
        guard mode != .quiet, force || now - lastShown >= interval else { return }
        lastShown = now
        let seconds = Double(now - started) / 1e9
        let rate = seconds > 0 ? Double(rendered) / seconds : 0
        var text = "\(done)/\(total) done, \(failed) failed"
        if rendered > 0 && seconds >= 0.5 {
            text += String(format: ", %.1f documents/s", rate)
            let left = Double(total - done) / max(rate, 0.001)
            if done < total { text += ", " + Self.timeLeft(left) }
        }
        switch mode {
        case .live:
            write("\r\u{1B}[K\(program): \(text)")
            lineShown = true
        case .plain:
            write("\(program): \(text)\n")
        case .quiet:
            break
        }
    }

    /// Prints a message on its own line (clearing the live line first).
    mutating func message(_ line: String) {
        clear()
        write(line + "\n")
    }

    mutating func clear() {
        if lineShown {
            write("\r\u{1B}[K")
            lineShown = false
        }
    }

    private func write(_ text: String) {
        StandardError.write(text)
    }

    /// The estimate as said: "under 1 s left", "about 40 s left", "about 3 min left".
    static func timeLeft(_ seconds: Double) -> String {
        if seconds < 1 { return "under 1 s left" }
        if seconds < 90 { return "about \(Int(seconds.rounded())) s left" }
        if seconds < 5400 { return "about \(Int((seconds / 60).rounded())) min left" }
        return String(format: "about %.1f h left", seconds / 3600)
    }
}
