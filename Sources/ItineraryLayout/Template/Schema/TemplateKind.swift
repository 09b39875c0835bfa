/// What a template value must be: its type and its range, with the words that the errors and the
/// key reference use for it.

/// The type of a template key's value.
indirect enum TemplateKind: Sendable {
    case number(NumberRule)
    /// A number meeting the rule, or the one word (a column's `"rest"`).
    case numberOrWord(NumberRule, String)
    case whole(ClosedRange<Int>)
    case flag
    case text
    /// A word a template prints, which may hold these `{placeholders}` and no others.
    case label([String])
    /// The name of a text style of `styles`; checked to exist once the template is read.
    case style
    /// The name of a colour token of `colors`; checked to exist once the template is read.
    case color
    /// A colour written `#RRGGBB`.
    case hexColor
    case choice([String])
    case lengths(LengthsRule)
    case words
    /// An object with its own keys.
    case object(TemplateSchema)
    /// A value of a shape of its own, described in words (`"team"` or a colour token).
    case shape(String)
    /// An object whose keys the template chooses, each value of one kind.
    case map(TemplateKind)
    case list(TemplateKind)

    /// How the key reference writes the type.
    var summary: String {
        switch self {
        case let .number(rule): return rule.summary
        case let .numberOrWord(rule, word): return "\(rule.summary), or `\"\(word)\"`"
        case let .whole(range):
            if range.upperBound == Int.max { return "whole number ≥ \(range.lowerBound)" }
            return "whole number \(range.lowerBound)–\(range.upperBound)"
        case .flag: return "`true` or `false`"
        case .text: return "text"
        case let .label(names):
            return names.isEmpty ? "text" : "text with " + names.map { "`{\($0)}`" }.joined(separator: ", ")
        case .style: return "style name"
        case .color: return "colour token"
        case .hexColor: return "`\"#RRGGBB\"`"
        case let .choice(words): return words.map { "`\"\($0)\"`" }.joined(separator: " \\| ")
        case let .lengths(rule): return rule.summary
        case .words: return "list of words"
        case .object: return "object"
        case let .shape(words): return words
        case let .map(kind): return "object of named \(kind.plural)"
        case let .list(kind): return "list of \(kind.plural)"
        }
    }

    private var plural: String {
        switch self {
        case .object: return "objects"
        case .text: return "texts"
        case .hexColor: return "`\"#RRGGBB\"` colours"
        default: return "values (\(summary))"
        }
    }
}

/// The range a number must be in.
struct NumberRule: Sendable {
    /// Whether 0 is refused (a size, a stroke that must show).
    let aboveZero: Bool
    /// Whether negative numbers are allowed at all (an offset, a tracking).
    let signed: Bool
    /// The largest value, when less than the bound every template number has.
    let maximum: Double?
    /// The smallest value, when a number must be more than just above 0 (a paper's side).
    var minimum: Double? = nil

    /// Any number, negative too.
    static let any = NumberRule(aboveZero: false, signed: true, maximum: nil)
    /// 0 or more: lengths and gaps.
    static let atLeastZero = NumberRule(aboveZero: false, signed: false, maximum: nil)
    /// Above 0: sizes that must be there.
    static let aboveZero = NumberRule(aboveZero: true, signed: false, maximum: nil)
    /// Above 0 and at most `maximum`.
    static func aboveZero(atMost maximum: Double) -> NumberRule {
        NumberRule(aboveZero: true, signed: false, maximum: maximum)
    }

    /// From `minimum` to `maximum`, both included.
    static func between(_ minimum: Double, _ maximum: Double) -> NumberRule {
        NumberRule(aboveZero: true, signed: false, maximum: maximum, minimum: minimum)
    }

    /// Whether `value` meets the rule.
    func admits(_ value: Double) -> Bool {
        guard value.isFinite, signed || value >= 0, !aboveZero || value > 0 else { return false }
        if let minimum, value < minimum { return false }
        return maximum.map { value <= $0 } ?? true
    }

    /// The error for a value that does not, with the bound every template number has when
    /// the rule sets none of its own.
    var message: String {
        let most = Self.format(maximum ?? TemplateValue.maximumMagnitude)
        if let minimum { return "must be a number from \(Self.format(minimum)) to \(most)" }
        if signed { return "must be a number from -\(Self.format(TemplateValue.maximumMagnitude)) to \(most)" }
        return (aboveZero ? "must be a number above 0" : "must be a number of 0 or more") + " and at most \(most)"
    }

    var summary: String {
        if let minimum {
            return "number, \(Self.format(minimum)) to \(Self.format(maximum ?? TemplateValue.maximumMagnitude))"
        }
        let base = aboveZero ? "number > 0" : signed ? "number" : "number ≥ 0"
        return maximum.map { "\(base), ≤ \(Self.format($0))" } ?? base
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// What a list of lengths must be.
enum LengthsRule: Sendable {
    /// A dash pattern: one or more lengths above 0.
    case dash
    /// Numbers above 0 in increasing order, at least one (a ladder of choices).
    case increasing
    /// Numbers above 0 in increasing order, or none (the limits between the steps of a ladder:
    /// a ladder of one step has none).
    case limits
    /// Exactly this many numbers above 0.
    case exactly(Int)

    /// Whether `values` meet the rule.
    func admits(_ values: [Double]) -> Bool {
        if case .limits = self, values.isEmpty { return true }
        guard !values.isEmpty, values.allSatisfy({ $0 > 0 && $0.isFinite }) else { return false }
        switch self {
        case .dash: return true
        case .increasing, .limits: return zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
        case let .exactly(count): return values.count == count
        }
    }

    var message: String {
        switch self {
        case .dash: return "must be a list of lengths above 0"
        case .increasing: return "must be numbers above 0 in increasing order"
        case .limits: return "must be numbers above 0 in increasing order, or none"
        case let .exactly(count): return "must be \(count) numbers above 0"
        }
    }

    var summary: String {
        switch self {
        case .dash: return "list of lengths > 0"
        case .increasing: return "list of numbers > 0, increasing"
        case .limits: return "list of numbers > 0, increasing (may be empty)"
        case let .exactly(count): return "list of \(count) numbers > 0"
        }
    }
}
