/// One entry of a spec's schema: a key, declared once, and the property its value fills.
import ItineraryText

/// A key of a spec and how its value is written into the spec: `.number("betweenDays",
/// \.betweenDays, "…")`. The key path's type chooses the read: a `String?` text, colour or part
/// may be left out (its key says "none"), a `String` one is required.
struct TemplateField<Spec>: Sendable {
    /// A property of the spec. Sendable, so that a schema can be a static constant.
    typealias Property<Value> = WritableKeyPath<Spec, Value> & Sendable
    /// Reads the value at the key (its name is the second argument) into the spec being built.
    typealias Fill = @Sendable (TemplateObject, String, inout Spec) throws(TemplateError) -> Void

    /// The declaration: name, rule, presence, doc line.
    let key: TemplateKey
    let fill: Fill

    /// A key read its own way (a list whose words are checked, each role of a map).
    init(_ key: TemplateKey, fill: @escaping Fill) {
        self.key = key
        self.fill = fill
    }
}

extension TemplateField {
    /// A number of 0 or more: a length, a gap.
    static func number(
        _ name: String, _ path: Property<Double>, default fallback: Double? = nil, _ doc: String
    ) -> Self {
        number(name, path, .atLeastZero, default: fallback, doc)
    }

    /// A number meeting `rule`.
    static func number(
        _ name: String, _ path: Property<Double>, _ rule: NumberRule, default fallback: Double? = nil,
        _ doc: String
    ) -> Self {
        Self(.number(name, rule, default: fallback, doc)) { o, key, spec throws(TemplateError) in
            spec[keyPath: path] = try o.number(key)
        }
    }

    /// A number of 0 or more required only when `condition` holds; else 0 when left out.
    static func number(
        _ name: String, _ path: Property<Double>, when condition: TemplateCondition<Spec>, _ doc: String
    ) -> Self {
        number(name, path, .atLeastZero, when: condition, doc)
    }

    /// A number meeting `rule`, required only when `condition` holds; else 0 when left out.
    static func number(
        _ name: String, _ path: Property<Double>, _ rule: NumberRule, when condition: TemplateCondition<Spec>,
        _ doc: String
    ) -> Self {
        Self(.number(name, rule, when: condition.text, doc)) { o, key, spec throws(TemplateError) in
            spec[keyPath: path] = try o.number(key, needed: condition.holds(spec))
        }
    }

    /// A whole number in `range`.
    static func whole(
        _ name: String, _ path: Property<Int>, _ range: ClosedRange<Int>, default fallback: Int? = nil,
        _ doc: String
    ) -> Self {
        Self(.whole(name, range, default: fallback, doc)) { o, key, spec throws(TemplateError) in
            spec[keyPath: path] = try o.whole(key)
        }
    }

    /// A whole number of 1 or more that may be left out (no limit).
    static func whole(_ name: String, _ path: Property<Int?>, _ doc: String) -> Self {
        Self(.optionalWhole(name, doc)) { o, key, spec throws(TemplateError) in
            spec[keyPath: path] = try o.optionalWhole(key)
        }
    }

    /// `true` or `false`.
    static func flag(_ name: String, _ path: Property<Bool>, default fallback: Bool? = nil, _ doc: String) -> Self {
        Self(.flag(name, default: fallback, doc)) { o, key, spec throws(TemplateError) in
            spec[keyPath: path] = try o.flag(key)
        }
    }

    /// Free text, required unless it has a default.
    static func text(
        _ name: String, _ path: Property<String>, default fallback: String? = nil, _ doc: String
    ) -> Self {
        Self(.text(name, default: fallback, doc)) { o, key, spec throws(TemplateError) in
            spec[keyPath: path] = try o.text(key)
        }
    }

    /// Free text that may be left out.
    static func text(_ name: String, _ path: Property<String?>, _ doc: String) -> Self {
        Self(.text(name, optional: true, doc)) { o, key, spec throws(TemplateError) in
            spec[keyPath: path] = try o.optionalText(key)
        }
    }

    /// The name of a text style of `styles`.
    static func style(_ name: String, _ path: Property<String>, _ doc: String) -> Self {
        Self(.style(name, doc)) { o, key, spec throws(TemplateError) in spec[keyPath: path] = try o.style(key) }
    }

    /// The name of a colour token of `colors`.
    static func color(_ name: String, _ path: Property<String>, _ doc: String) -> Self {
        Self(.color(name, doc)) { o, key, spec throws(TemplateError) in spec[keyPath: path] = try o.color(key) }
    }

    /// A colour token required only when `condition` holds; else none.
    static func color(
        _ name: String, _ path: Property<String?>, when condition: TemplateCondition<Spec>, _ doc: String
    ) -> Self {
        Self(.color(name, when: condition.text, doc)) { o, key, spec throws(TemplateError) in
            spec[keyPath: path] = try o.optionalColor(key, needed: condition.holds(spec))
        }
    }

    /// One of `T`'s raw values.
    static func choice<T: RawRepresentable & CaseIterable>(
        _ name: String, _ path: Property<T>, default fallback: T? = nil, _ doc: String
    ) -> Self where T.RawValue == String {
        Self(.choice(name, T.self, default: fallback, doc)) { o, key, spec throws(TemplateError) in
            spec[keyPath: path] = try o.choice(key, T.self)
        }
    }

    /// A list of lengths meeting `rule`.
    static func lengths(_ name: String, _ path: Property<[Double]>, _ rule: LengthsRule, _ doc: String) -> Self {
        Self(.lengths(name, rule, doc)) { o, key, spec throws(TemplateError) in
            spec[keyPath: path] = try o.lengths(key)
        }
    }

    /// A part of its own shape (an object with its own keys, or a value such as `"team"`).
    static func part<T: TemplateReadable>(_ name: String, _ path: Property<T>, _ doc: String) -> Self {
        Self(.part(name, T.self, doc)) { o, key, spec throws(TemplateError) in spec[keyPath: path] = try o.read(key) }
    }

    /// A part that may be left out: none.
    static func part<T: TemplateReadable>(_ name: String, _ path: Property<T?>, _ doc: String) -> Self {
        Self(.part(name, T.self, optional: true, doc)) { o, key, spec throws(TemplateError) in
            spec[keyPath: path] = try o.readIfPresent(key)
        }
    }

    /// A part required only when `condition` holds; else none.
    static func part<T: TemplateReadable>(
        _ name: String, _ path: Property<T?>, when condition: TemplateCondition<Spec>, _ doc: String
    ) -> Self {
        Self(.part(name, T.self, when: condition.text, doc)) { o, key, spec throws(TemplateError) in
            spec[keyPath: path] = try o.readIfPresent(key, needed: condition.holds(spec))
        }
    }

    /// A part that, left out, is the value of the key `other` declared before it.
    static func part<T: TemplateReadable>(
        _ name: String, _ path: Property<T>, sameAs other: String, _ otherPath: Property<T>, _ doc: String
    ) -> Self {
        Self(TemplateKey(name: name, kind: T.kind, presence: .optional(.same(other)), doc: doc)) {
            o, key, spec throws(TemplateError) in
            spec[keyPath: path] = try o.readIfPresent(key) ?? spec[keyPath: otherPath]
        }
    }

    /// An object whose keys the template chooses (paper names, style names), each value a `T`.
    static func map<T: TemplateReadable>(_ name: String, _ path: Property<[String: T]>, _ doc: String) -> Self {
        Self(.map(name, of: T.self, doc)) { o, key, spec throws(TemplateError) in
            spec[keyPath: path] = try o.readMap(key)
        }
    }

    /// An object whose keys the template chooses, each value text.
    static func texts(_ name: String, _ path: Property<[String: String]>, _ doc: String) -> Self {
        Self(.map(name, of: .text, doc)) { o, key, spec throws(TemplateError) in
            spec[keyPath: path] = try o.textMap(key)
        }
    }

    /// An object whose keys the template chooses, each value a `#RRGGBB` colour.
    static func hexColors(_ name: String, _ path: Property<[String: Color]>, _ doc: String) -> Self {
        Self(.map(name, of: .hexColor, doc)) { o, key, spec throws(TemplateError) in
            spec[keyPath: path] = try o.hexColors(key)
        }
    }

    /// A list of `T`, at least one.
    static func list<T: TemplateReadable>(_ name: String, _ path: Property<[T]>, _ doc: String) -> Self {
        Self(.list(name, of: T.self, doc)) { o, key, spec throws(TemplateError) in
            spec[keyPath: path] = try o.readList(key)
        }
    }

    /// A key templates once had and the layout no longer reads: refused before any key is read,
    /// with `message` saying what to write instead.
    static func retired(_ name: String, _ message: String) -> Self {
        Self(.retired(name, message)) { _, _, _ throws(TemplateError) in }
    }
}
