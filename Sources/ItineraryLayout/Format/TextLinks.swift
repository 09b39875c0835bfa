/// Web addresses in free text (a note's "tickets at https://…"), found so they can be links.
import ItineraryText

enum TextLinks {
    /// The `http://` and `https://` addresses in `text`, as ranges: up to the next space, angle
    /// bracket or quote, or the first Chinese or Japanese character or punctuation (such notes have
    /// no spaces), less the punctuation that ends a sentence and a closing bracket the address
    /// did not open (`…/Wrigley_Field_(Chicago)` keeps its own).
    static func ranges(in text: String) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var searchFrom = text.startIndex
        while let start = [
            text.range(of: "https://", options: .caseInsensitive, range: searchFrom..<text.endIndex),
            text.range(of: "http://", options: .caseInsensitive, range: searchFrom..<text.endIndex),
        ]
        .compactMap({ $0?.lowerBound }).min() {
            var end = text[start...].firstIndex(where: Self.endsAddress) ?? text.endIndex
            while end > start, let last = text[start..<end].last, ".,;:!?)]}»”’'".contains(last) {
                if let open = ["(": ")", "[": "]", "{": "}"].first(where: { $0.value == String(last) })?.key,
                    text[start..<end].filter({ String($0) == open }).count
                        >= text[start..<end].filter({ $0 == last }).count
                {
                    break
                }
                end = text.index(before: end)
            }
            let schemeOnly = text[start..<end].lowercased() == "https://" || text[start..<end].lowercased() == "http://"
            if !schemeOnly { found.append(start..<end) }
            searchFrom = end > start ? end : text.index(after: start)
        }
        return found
    }

    /// A URL as people read it, and as a screen reader names a link that prints it: without
    /// `https://` or `http://`.
    static func withoutScheme(_ url: String) -> String {
        for scheme in ["https://", "http://"] where url.lowercased().hasPrefix(scheme) {
            return String(url.dropFirst(scheme.count))
        }
        return url
    }

    static func endsAddress(_ c: Character) -> Bool {
        if c.isWhitespace || c == "<" || c == ">" || c == "\"" { return true }
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0x3000...0x9FFF).contains(v) || (0xFF00...0xFFEF).contains(v) || (0xAC00...0xD7AF).contains(v)
    }

    /// `text` as spans of `style`, each address its own span in `linkStyle` (so the set lines
    /// say where it went), and the addresses.
    static func spans(_ text: String, style: TextStyle, linkStyle: TextStyle) -> (spans: [StyledSpan], uris: [String]) {
        let found = ranges(in: text)
        guard !found.isEmpty else { return ([StyledSpan(text, style)], []) }
        var spans: [StyledSpan] = []
        var at = text.startIndex
        for r in found {
            if at < r.lowerBound { spans.append(StyledSpan(String(text[at..<r.lowerBound]), style)) }
            spans.append(StyledSpan(String(text[r]), linkStyle))
            at = r.upperBound
        }
        if at < text.endIndex { spans.append(StyledSpan(String(text[at...]), style)) }
        return (spans, found.map { String(text[$0]) })
    }

    /// Where each address's pieces sit on the set lines: consecutive pieces in `linkStyle` are
    /// matched to the addresses in order (an address broken over two lines is a piece on each).
    static func lineLinks(_ lines: [SetLine], uris: [String], linkStyle: TextStyle, engine: TextEngine) -> [[TextLink]]
    {
        // Only the pieces of addresses are measured (each on its line as drawn, so kerning and
        // shaping across the pieces before it count): measuring every piece of every note cost
        // 30 million instructions on the 10-day example, most of them for notes without links.
        guard !uris.isEmpty else { return lines.map { _ in [] } }
        var next = uris[...]
        var current: (uri: String, remaining: Substring)?
        return lines.map { line in
            var links: [TextLink] = []
            for (i, span) in line.spans.enumerated() where span.style == linkStyle {
                if current == nil || current!.remaining.isEmpty, let uri = next.popFirst() {
                    current = (uri, Substring(uri))
                }
                guard let c = current else { continue }
                // Where the piece is drawn, which in a right-to-left line is not after the pieces before it.
                let extent = engine.extent(ofSpan: i, in: line.spans)
                links.append(
                    TextLink(x: extent.x, width: extent.width, uri: c.uri, name: withoutScheme(c.uri)))
                // A piece holds the marks of where the address may break (`LineBreaks`), not the address.
                let piece = LineBreaks.plain(span.text)
                let rest = c.remaining.hasPrefix(piece) ? c.remaining.dropFirst(piece.count) : Substring("")
                current = (c.uri, rest)
            }
            return links
        }
    }
}
