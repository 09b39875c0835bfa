/// A web address as printed on a card: readable, and shortened where a reader can spare it.
import Foundation
import ItineraryText

extension DayBuilder {
    /// `url` as a reader types it: without its scheme, percent-escapes decoded (the IRI form,
    /// `tickets.example.com/órdenes/6X57`) where that gives printable text, and when too wide for
    /// `width`, shortened inside its path: the host stays whole, then `/…/` and as much of the
    /// path's end (an order number) as fits. A host too wide on its own ends in `…`.
    func printedLink(_ url: String, _ role: DayStyle, width: Double) -> StyledSpan {
        let bare = TextLinks.withoutScheme(url)
        let shown = Self.decoded(bare) ?? bare
        let whole = span(shown, role)
        guard ctx.text.advance(of: [whole]) > width else { return whole }
        guard let slash = shown.firstIndex(of: "/") else {
            return ctx.text.ellipsize(whole, width: width, middle: false)
        }
        let host = String(shown[..<slash]), path = Array(shown[shown.index(after: slash)...])
        let lead = host + "/\u{2026}"
        guard ctx.text.advance(of: [span(lead, role)]) <= width else {
            return ctx.text.ellipsize(span(host, role), width: width, middle: false)
        }
        // The longest end of the path that fits after the host.
        var lo = 0, hi = path.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if ctx.text.advance(of: [span(lead + String(path.suffix(mid)), role)]) <= width {
                lo = mid
            } else {
                hi = mid - 1
            }
        }
        var end = String(path.suffix(lo))
        // Start the end at a segment when one begins within it (`/…/orders/6X57`, not `/…ers/6X57`).
        if let cut = end.firstIndex(of: "/"), end.distance(from: end.startIndex, to: cut) < end.count - 1 {
            end = String(end[cut...])
        }
        return span(host + "/\u{2026}" + end, role)
    }

    /// Percent-escapes decoded, or nil when that yields invalid UTF-8, a control character or a
    /// space (printed, an address must be typed back as it reads).
    static func decoded(_ text: String) -> String? {
        guard text.contains("%"), let decoded = text.removingPercentEncoding, decoded != text else { return nil }
        guard
            !decoded.unicodeScalars.contains(where: {
                $0.properties.generalCategory == .control || $0.properties.isWhitespace
            })
        else { return nil }
        return decoded
    }
}
