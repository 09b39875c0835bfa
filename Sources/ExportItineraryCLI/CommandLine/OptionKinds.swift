/// The kinds of option value the commands take, each parsed and checked in one place: text,
/// bounded numbers, a paper name.
import ItineraryBatch

extension Option where Value == String {
    /// Any text. With `needs` (`a name or a path`), an empty text is refused: "NAME needs NEEDS".
    static func text(
        _ name: String, _ value: String, _ help: String, repeatable: Bool = false, needs: String? = nil
    ) -> Option {
        let spec = OptionSpec(name: name, value: value, help: help, repeatable: repeatable)
        guard let needs else { return Option(spec: spec) { raw in raw } }
        return Option(spec: spec) { raw throws(UsageError) in
            if raw.isEmpty { throw UsageError(message: "\(name) needs \(needs)") }
            return raw
        }
    }

    /// `--template NAME|PATH`: a bundled design or a template file (which one, and whether it is
    /// there, is asked when the command runs).
    static func template(_ help: String) -> Option {
        .text("--template", "NAME|PATH", help, needs: "a name or a path")
    }

    /// `--paper NAME`, lower-cased and checked to be a name (the template says later whether it
    /// has that paper).
    static func paper(_ help: String) -> Option {
        Option("--paper", "NAME", help, mustBe: JobDefaults.paperRule, parse: JobDefaults.paper)
    }
}

/// A number an option takes: parsed from its text, compared with its bounds, and shown in
/// messages as written (`86400`, not `86400.0`).
protocol OptionNumber: LosslessStringConvertible, Comparable, Sendable {
    var shown: String { get }
}

extension Int: OptionNumber {
    var shown: String { String(self) }
}

extension Double: OptionNumber {
    var shown: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}

extension Option where Value: OptionNumber {
    /// A number from `lower` to `upper` (no upper bound when nil); `kind` names it in the message:
    /// "--jobs must be a whole number from 1 to 256, got "0"".
    static func number(
        _ name: String, _ value: String, _ help: String, as kind: String, from lower: Value, to upper: Value? = nil
    ) -> Option {
        let rule = "\(kind) from \(lower.shown)" + (upper.map { " to \($0.shown)" } ?? "")
        return Option(name, value, help, mustBe: rule) { raw in
            guard let n = Value(raw), n >= lower, upper.map({ n <= $0 }) ?? true else { return nil }
            return n
        }
    }
}
