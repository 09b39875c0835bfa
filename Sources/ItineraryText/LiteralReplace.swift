/// Literal text replacement on UTF-8 bytes, for the strings every page repeats.

extension String {
    /// `self` with every occurrence of `target` replaced by `replacement`, left to right and not
    /// overlapping: what Foundation's `replacingOccurrences(of:with:)` returns with no options.
    ///
    /// Foundation bridges to `NSString` for each call (about 15 K instructions for a short
    /// label); labels, link attributes and footers are filled on every page, so this compares
    /// bytes instead. Matching whole UTF-8 sequences of a valid string only ever matches at
    /// scalar boundaries, so the result is the same literal replacement, canonical
    /// equivalents left as they are written.
    public func replacingLiterally(_ target: String, with replacement: String) -> String {
        var source = self, target = target
        return source.withUTF8 { haystack -> String in
            target.withUTF8 { needle -> String in
                guard !needle.isEmpty, needle.count <= haystack.count else { return self }
                var out: [UInt8] = []
                var copied = 0, i = 0
                let first = needle[0], last = haystack.count - needle.count
                while i <= last {
                    if haystack[i] == first, bytes(needle, startAt: i, in: haystack) {
                        if out.isEmpty { out.reserveCapacity(haystack.count + replacement.utf8.count) }
                        out.append(contentsOf: haystack[copied..<i])
                        out.append(contentsOf: replacement.utf8)
                        i += needle.count
                        copied = i
                    } else {
                        i += 1
                    }
                }
                guard copied > 0 else { return self }
                out.append(contentsOf: haystack[copied...])
                return String(decoding: out, as: UTF8.self)
            }
        }
    }
}

/// Whether `needle` is at `offset` in `haystack` (the caller checked it fits).
private func bytes(
    _ needle: UnsafeBufferPointer<UInt8>, startAt offset: Int, in haystack: UnsafeBufferPointer<UInt8>
) -> Bool {
    for j in 1..<needle.count where haystack[offset + j] != needle[j] { return false }
    return true
}
