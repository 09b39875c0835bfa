/// Decoding helpers that refuse unknown keys and out-of-range numbers, naming the key.

struct UnknownKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A keyed container that first checks every key of the object is one of `Keys`:
/// a misspelt key in a template must be an error, not a silently ignored setting.
func strictContainer<Keys: CodingKey & CaseIterable>(_ decoder: Decoder, _ keys: Keys.Type) throws -> KeyedDecodingContainer<Keys> {
    let all = try decoder.container(keyedBy: UnknownKey.self)
    let known = Set(Keys.allCases.map(\.stringValue))
    for key in all.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where !known.contains(key.stringValue) {
        let path = decoder.codingPath + [key]
        let message = RetiredTemplateKeys.contains(path) ? "no longer used (the layout takes it from the section settings): delete it" : "unknown key"
        throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: message))
    }
    return try decoder.container(keyedBy: Keys.self)
}

func positive<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> Double {
    let v = try c.decode(Double.self, forKey: key)
    guard v > 0, v.isFinite else { throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "must be a number above 0") }
    return v
}

func nonNegative<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> Double {
    let v = try c.decode(Double.self, forKey: key)
    guard v >= 0, v.isFinite else { throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "must be a number of 0 or more") }
    return v
}

/// An optional number of 0 or more, `fallback` when the key is absent or null.
func nonNegative<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K, default fallback: Double) throws -> Double {
    guard c.contains(key), try !c.decodeNil(forKey: key) else { return fallback }
    return try nonNegative(c, key)
}

/// Keys the first design's templates had and the layout no longer reads. A template written
/// for that version still names them; saying so is kinder than "unknown key".
enum RetiredTemplateKeys {
    /// Dotted paths; `*` stands for any one key (a language under `labels`).
    static let paths = [
        "spacing.betweenDays", "spacing.afterDayHeading", "spacing.betweenItems", "spacing.itemIndent",
        "spacing.itemLineGap", "spacing.dayRuleWidth", "labels.*.progressSummary", "labels.*.lodging",
        "overview.table.cellStyle",
    ].map { $0.split(separator: ".").map(String.init) }

    static func contains(_ path: [CodingKey]) -> Bool {
        let keys = path.map(\.stringValue)
        return paths.contains { pattern in
            pattern.count == keys.count && zip(pattern, keys).allSatisfy { $0 == "*" || $0 == $1 }
        }
    }
}
