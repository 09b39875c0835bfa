/// The range and shape rules that template settings share: numbers above 0, choices, lists.

extension TemplateObject {
    /// A number above 0.
    func positive(_ key: String) throws(TemplateError) -> Double {
        let v = try double(key)
        guard v > 0, v.isFinite else { throw error(key, "must be a number above 0") }
        return v
    }

    /// A number of 0 or more.
    func nonNegative(_ key: String) throws(TemplateError) -> Double {
        let v = try double(key)
        guard v >= 0, v.isFinite else { throw error(key, "must be a number of 0 or more") }
        return v
    }

    /// An optional number of 0 or more, `fallback` when the key is left out or null.
    func nonNegative(_ key: String, default fallback: Double) throws(TemplateError) -> Double {
        guard optionalValue(key) != nil else { return fallback }
        return try nonNegative(key)
    }

    /// A number of 0 or more (above 0 when `positive`) that may be left out unless `reason` says
    /// why it is needed; left out, it is 0. A null counts as written, and is refused.
    func number(_ key: String, requiredBecause reason: String?, positive wantsPositive: Bool = false) throws(TemplateError) -> Double {
        guard contains(key) else {
            guard let reason else { return 0 }
            throw error(key, reason)
        }
        return wantsPositive ? try positive(key) : try nonNegative(key)
    }

    /// A whole number above 0.
    func positiveInt(_ key: String) throws(TemplateError) -> Int {
        let v = try int(key)
        guard v > 0 else { throw error(key, "must be a whole number above 0") }
        return v
    }

    /// A whole number no smaller than `minimum`.
    func count(_ key: String, atLeast minimum: Int) throws(TemplateError) -> Int {
        let v = try int(key)
        guard v >= minimum else { throw error(key, "must be a whole number of \(minimum) or more") }
        return v
    }

    /// A whole number in `range`: counts the layout loops over, so an absurd one is refused
    /// rather than tried.
    func count(_ key: String, in range: ClosedRange<Int>) throws(TemplateError) -> Int {
        let v = try int(key)
        guard range.contains(v) else { throw error(key, "must be a whole number from \(range.lowerBound) to \(range.upperBound)") }
        return v
    }

    /// A string that must be one of `T`'s raw values; the error lists them.
    func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(TemplateError) -> T where T.RawValue == String {
        let word = try string(key)
        guard let value = T(rawValue: word) else {
            throw error(key, "must be one of \(T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
        }
        return value
    }

    /// A list of numbers above 0 in increasing order, at least one.
    func increasing(_ key: String) throws(TemplateError) -> [Double] {
        let v = try doubles(key)
        guard !v.isEmpty, v.allSatisfy({ $0 > 0 && $0.isFinite }), zip(v, v.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw error(key, "must be numbers above 0 in increasing order")
        }
        return v
    }

    /// A dash pattern: one or more lengths above 0.
    func dashPattern(_ key: String) throws(TemplateError) -> [Double] {
        let v = try doubles(key)
        guard !v.isEmpty, v.allSatisfy({ $0 > 0 && $0.isFinite }) else { throw error(key, "must be a list of lengths above 0") }
        return v
    }
}
