/// Paragraphs that may take only so many lines: a title clamped with an ellipsis.
import ItineraryText

extension TextEngine {
    /// `spans` broken into lines no wider than `width`, at most `maxLines` of them: when there are
    /// more, the last line kept ends in an ellipsis and holds as much of the rest as fits. That
    /// line is set in the style of the text it ends in (the text past the first line of a heading
    /// is one style in every use).
    func setParagraph(_ spans: [StyledSpan], width: Double, maxLines: Int) -> [SetLine] {
        clampedParagraph(spans, width: width, maxLines: maxLines).lines
    }

    /// `setParagraph(_:width:maxLines:)`, and whether it had to cut the text (`cut`: the caller
    /// may then print it whole elsewhere, as the cover does in its note).
    func clampedParagraph(_ spans: [StyledSpan], width: Double, maxLines: Int) -> (lines: [SetLine], cut: Bool) {
        let lines = setParagraph(spans, width: width)
        // The paragraph's own style (a set line's last span may be a flag's capsule).
        guard lines.count > max(1, maxLines), let style = spans.last?.style else { return (lines, false) }
        let keep = max(1, maxLines)
        // Flags as written, so that the shortened line sets each on its capsule again.
        let rest = lines[(keep - 1)...].map { $0.spans.map(TextEngine.written).joined() }.joined(separator: " ")
        let last = ellipsize(StyledSpan(rest, style), width: width, middle: false)
        var clamped = Array(lines.prefix(keep - 1)) + setParagraph([last], width: nil).prefix(1)
        // A right-to-left paragraph's lines end flush at the right of its width (`SetLine.offset`).
        if lines.contains(where: { $0.offset > 0 }) {
            for i in clamped.indices { clamped[i].offset = max(0, width - clamped[i].width) }
        }
        return (clamped, true)
    }
}
