/// A span as the bundled faces draw it: emoji sequences written as what they stand for, a flag
/// as its country code and an emoji no face has as its name, each set on a capsule.

extension TextEngine {
    /// `span` with its emoji sequences written as the bundled faces draw them: a flag as its
    /// country code in a span of its own, set on a capsule (`flagChip`).
    /// An emoji no bundled face draws becomes its name (`lobster`) on a capsule, when `covers`
    /// says which characters the faces draw.
    static func drawable(_ span: StyledSpan, covers: ((Unicode.Scalar) -> Bool)? = nil) -> [StyledSpan] {
        let pieces = EmojiSequences.pieces(span.text, covers: covers)
        if pieces.count == 1, !pieces[0].onChip {
            return pieces[0].text == span.text ? [span] : [StyledSpan(pieces[0].text, span.style)]
        }
        var out: [StyledSpan] = []
        for (i, piece) in pieces.enumerated() {
            // No-break narrow spaces pad the code inside its capsule and keep it whole; a zero-width
            // space after it lets a line break between two flags written without a space, never
            // inside one.
            guard piece.onChip else { out.append(StyledSpan(piece.text, span.style)); continue }
            let breakAfter = i + 1 < pieces.count && pieces[i + 1].onChip
            out.append(
                StyledSpan("\u{202F}" + piece.text + "\u{202F}" + (breakAfter ? "\u{200B}" : ""), flagChip(span.style)))
        }
        return out
    }

    /// The text of a set span as it was written: without the marks of where it may break, and a
    /// flag's code on its capsule is the flag again (an emoji's name on its capsule stays the
    /// name, which says what it was).
    public static func written(_ span: StyledSpan) -> String {
        guard span.style.onChip else { return LineBreaks.plain(span.text) }
        // An emoji printed by name (`family: woman, woman, girl, boy`, in lower case) is its
        // name, whole, as plain words: set again, it reads as the capsule did.
        let name = LineBreaks.plain(span.text.filter { $0 != "\u{202F}" && $0 != "\u{200B}" })
            .trimmingCharacters(in: .whitespaces)
        if name.contains(where: \.isLowercase) { return name }
        let letters = span.text.unicodeScalars.filter {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == " " || $0 == "-"
        }
        guard letters.allSatisfy({ ("A"..."Z").contains($0) }) else { return String(String.UnicodeScalarView(letters)) }
        return EmojiSequences.flag(letters)
    }

    /// What a span of a drawn line shows in place of characters no bundled face has: the
    /// characters drawn as empty boxes, and the names of the emoji printed by name on a capsule
    /// (`EmojiSequences`: `lobster` for 🦞). A line set by `setParagraph` already holds the
    /// names, on spans of their own; a line drawn as written gets them when drawn.
    public func missingGlyphs(in span: StyledSpan) -> (boxes: [Unicode.Scalar], named: [String]) {
        // Every line of every page is asked: a span whose characters the faces all cover draws
        // neither a box nor a name, so only the rare others are rewritten as `drawable` draws them.
        guard span.style.onChip || !fontSet.uncoveredScalars(in: span.text).isEmpty else { return ([], []) }
        var boxes: [Unicode.Scalar] = []
        var named: [String] = []
        for piece in span.style.onChip ? [span] : Self.drawable(span, covers: fontSet.covers) {
            if piece.style.onChip {
                // A flag's code is capitals (`JP`); an emoji's name is in lower case.
                let name = piece.text.filter { $0 != "\u{202F}" && $0 != "\u{200B}" }
                if name.contains(where: \.isLowercase) { named.append(name) }
            } else {
                boxes += fontSet.uncoveredScalars(in: piece.text)
            }
        }
        return (boxes, named)
    }

    /// `span` as the bundled faces draw it (`drawable`), emoji they lack named.
    func drawable(_ span: StyledSpan) -> [StyledSpan] { Self.drawable(span, covers: fontSet.covers) }

    /// A flag's code: smaller, semibold and spaced, on a capsule tinted with the text's colour,
    /// so that a flag reads as a tag among the words, not as a word.
    static func flagChip(_ style: TextStyle) -> TextStyle {
        var chip = style
        // In display sizes (a cover title) at half the text's size, a tag beside the words, not a
        // word as big as they are; no smaller than a 16-point text's code.
        chip.size = style.size <= displaySize ? style.size * chipScale : max(displaySize * chipScale, style.size / 2)
        chip.weight = max(style.weight, 600)
        chip.tracking = max(style.tracking, 4)
        chip.onChip = true
        return chip
    }

    /// The size of a flag's code as a share of the text's, and its capsule's tint (the share of
    /// the text's colour over white).
    static let chipScale = 0.78
    /// Past this size (points) text is display type, whose codes are set at half its size.
    static let displaySize = 16.0
    static let chipTint = 0.14
}
