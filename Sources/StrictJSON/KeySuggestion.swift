/// "Did you mean …?" for unknown keys.

/// The "did you mean …?" of problem messages: the known key an unknown one was most likely a typo
/// or an abbreviation of. Used by the JSON readers (`JSONProblem`), the template's name checks and
/// the command line's options.
public enum KeySuggestion {
    /// The known key closest to `key`, if it is close enough to be a plausible typo.
    ///
    /// Closeness is the optimal-string-alignment distance (Levenshtein plus swapping two
    /// neighbours, so "naem" is one edit from "name"), ignoring case. A key qualifies at
    /// distance ≤ 2, but short keys need to be closer (≤ length / 3, at least 1): "to"
    /// is two edits from "id", and suggesting it would be noise. Ties go to the key
    /// listed first. Failing that, a typed key of three characters or more that begins exactly
    /// one known key is taken for its abbreviation ("abbr" for "abbreviation").
    public static func closest(to key: String, among known: [String]) -> String? {
        if let near = nearest(to: key, among: known) { return near }
        let typed = key.lowercased()
        guard typed.unicodeScalars.count >= 3, typed.utf8.count <= 64 else { return nil }
        let starting = known.filter { $0.lowercased().hasPrefix(typed) && $0.count > typed.count }
        return starting.count == 1 ? starting[0] : nil
    }

    private static func nearest(to key: String, among known: [String]) -> String? {
        let typed = Array(key.lowercased().unicodeScalars)
        var best: (key: String, distance: Int)?
        for candidate in known {
            // Known keys are ASCII, so their lengths in bytes and scalars agree.
            let length = candidate.utf8.count
            let allowed = min(2, max(1, length / 3))
            // The distance is at least the difference in length. Checking that first keeps
            // a file of many unknown keys fast, and a megabyte-long key from costing a
            // megabyte-sized table.
            guard abs(typed.count - length) <= allowed else { continue }
            let d = distance(typed, Array(candidate.lowercased().unicodeScalars))
            if d <= allowed, d < (best?.distance ?? Int.max) {
                best = (candidate, d)
            }
        }
        return best?.key
    }

    /// Optimal string alignment distance between `a` and `b`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rolling rows: the transposition step looks two rows back.
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d = min(d, twoBack[j - 2] + 1)
                }
                current[j] = d
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }
}
