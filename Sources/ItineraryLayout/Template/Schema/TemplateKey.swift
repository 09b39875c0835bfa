/// One key of a template object, declared once: what its value must be, what leaving it out
/// means, and a line of documentation.

/// A key of a template object. A spec's `schema` lists its keys; reading a value, refusing an
/// unknown or retired key, naming the styles and colours it uses, and the key reference in
/// `docs/template-keys/reference.md` all come from that one declaration.
struct TemplateKey: Sendable {
    /// The JSON key.
    let name: String
    /// What the value must be.
    let kind: TemplateKind
    /// Whether it may be left out, and what it then means.
    let presence: TemplatePresence
    /// One line for the reference: what the key sets.
    let doc: String
}

/// Whether a key may be left out of its object.
enum TemplatePresence: Sendable {
    case required
    /// Left out or null, the value is the default (or none at all).
    case optional(TemplateDefault)
    /// Required only when another setting asks for it (the text says when: `kind is "chip"`);
    /// otherwise it may be left out, and a number left out is 0.
    case requiredWhen(String)
    /// A key an earlier version of the templates had; the message says what to do instead.
    case retired(String)
}

/// The value of an optional key that is left out.
enum TemplateDefault: Sendable {
    case number(Double)
    case whole(Int)
    case flag(Bool)
    case word(String)
    /// The value of another key (`firstPageMargins` is `margins`), named here for the reference.
    case same(String)
    /// No value: the part is not drawn, or the layout has its own rule (documented on the key).
    case none
}

extension TemplateKey {
    private static func presence(_ fallback: TemplateDefault?, when condition: String?) -> TemplatePresence {
        if let condition { return .requiredWhen(condition) }
        if let fallback { return .optional(fallback) }
        return .required
    }

    /// A number of 0 or more: a length, a gap.
    static func number(
        _ name: String, default fallback: Double? = nil, when condition: String? = nil, _ doc: String
    ) -> TemplateKey {
        number(name, .atLeastZero, default: fallback, when: condition, doc)
    }

    /// A number meeting `rule`.
    static func number(
        _ name: String, _ rule: NumberRule, default fallback: Double? = nil,
        when condition: String? = nil, _ doc: String
    ) -> TemplateKey {
        TemplateKey(
            name: name, kind: .number(rule), presence: presence(fallback.map { .number($0) }, when: condition), doc: doc
        )
    }

    /// A whole number in `range`.
    static func whole(
        _ name: String, _ range: ClosedRange<Int>, default fallback: Int? = nil, _ doc: String
    ) -> TemplateKey {
        TemplateKey(
            name: name, kind: .whole(range), presence: presence(fallback.map { .whole($0) }, when: nil), doc: doc)
    }

    /// A whole number of 1 or more that may be left out (no limit).
    static func optionalWhole(_ name: String, _ doc: String) -> TemplateKey {
        TemplateKey(name: name, kind: .whole(1...Int.max), presence: .optional(.none), doc: doc)
    }

    /// `true` or `false`.
    static func flag(_ name: String, default fallback: Bool? = nil, _ doc: String) -> TemplateKey {
        TemplateKey(name: name, kind: .flag, presence: presence(fallback.map { .flag($0) }, when: nil), doc: doc)
    }

    /// Free text (a name, a label, a description); `optional` when it may be left out.
    static func text(
        _ name: String, optional: Bool = false, default fallback: String? = nil, _ doc: String
    ) -> TemplateKey {
        let presence: TemplatePresence =
            fallback.map { .optional(.word($0)) } ?? (optional ? .optional(.none) : .required)
        return TemplateKey(name: name, kind: .text, presence: presence, doc: doc)
    }

    /// A word a template prints, which may fill in `placeholders` (`{page}`) and no others.
    static func label(
        _ name: String, filling placeholders: [String] = [], optional: Bool = false, _ doc: String
    ) -> TemplateKey {
        TemplateKey(name: name, kind: .label(placeholders), presence: optional ? .optional(.none) : .required, doc: doc)
    }

    /// The name of a text style of `styles`.
    static func style(_ name: String, _ doc: String) -> TemplateKey {
        TemplateKey(name: name, kind: .style, presence: .required, doc: doc)
    }

    /// The name of a colour token of `colors`.
    static func color(
        _ name: String, optional: Bool = false, when condition: String? = nil, _ doc: String
    ) -> TemplateKey {
        TemplateKey(
            name: name, kind: .color, presence: presence(optional ? TemplateDefault.none : nil, when: condition),
            doc: doc)
    }

    /// One of `T`'s raw values.
    static func choice<T: RawRepresentable & CaseIterable>(
        _ name: String, _ type: T.Type, default fallback: T? = nil,
        _ doc: String
    ) -> TemplateKey where T.RawValue == String {
        TemplateKey(
            name: name, kind: .choice(T.allCases.map(\.rawValue)),
            presence: presence(fallback.map { .word($0.rawValue) }, when: nil), doc: doc)
    }

    /// A list of lengths meeting `rule`.
    static func lengths(_ name: String, _ rule: LengthsRule, _ doc: String) -> TemplateKey {
        TemplateKey(name: name, kind: .lengths(rule), presence: .required, doc: doc)
    }

    /// A list of words.
    static func words(_ name: String, _ doc: String) -> TemplateKey {
        TemplateKey(name: name, kind: .words, presence: .required, doc: doc)
    }

    /// A part of its own shape (an object with its own keys, or a value such as `"team"` or a token).
    static func part<T: TemplateReadable>(
        _ name: String, _ type: T.Type, optional: Bool = false, when condition: String? = nil,
        _ doc: String
    ) -> TemplateKey {
        TemplateKey(
            name: name, kind: T.kind, presence: presence(optional ? TemplateDefault.none : nil, when: condition),
            doc: doc)
    }

    /// An object whose keys the template chooses (paper names, style names), each value a `T`.
    static func map<T: TemplateReadable>(
        _ name: String, of type: T.Type, optional: Bool = false, _ doc: String
    ) -> TemplateKey {
        TemplateKey(name: name, kind: .map(T.kind), presence: optional ? .optional(.none) : .required, doc: doc)
    }

    /// An object whose keys the template chooses, each value of `kind` (a word, a `#RRGGBB`).
    static func map(_ name: String, of kind: TemplateKind, _ doc: String) -> TemplateKey {
        TemplateKey(name: name, kind: .map(kind), presence: .required, doc: doc)
    }

    /// A list of `T`, at least one.
    static func list<T: TemplateReadable>(_ name: String, of type: T.Type, _ doc: String) -> TemplateKey {
        TemplateKey(name: name, kind: .list(T.kind), presence: .required, doc: doc)
    }

    /// A key templates once had and the layout no longer reads.
    static func retired(_ name: String, _ message: String) -> TemplateKey {
        TemplateKey(name: name, kind: .words, presence: .retired(message), doc: message)
    }
}
