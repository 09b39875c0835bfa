/// A web address as printed on a card: readable, and shortened where a reader can spare it.
import Foundation
import ItineraryText

extension DayBuilder {
    /// `url` as a reader types it: without its scheme, percent-escapes decoded (the IRI form,
    /// `tickets.example.com/órdenes/6X57`) where that gives printable text, and when too wide for
    /// `width`, shortened inside its path: the host stays whole, then `/…/` and as much of the
    /// path's end (an order number) as fits. A host too wide on its own is shortened in its
    /// middle to leave room for the path's end.
    func printedLink(_ url: String, _ role: DayStyle, width: Double) -> StyledSpan {
        let shown = Self.shownAddress(url)
        let whole = span(shown, role)
        let wholeWidth = ctx.text.advance(of: [whole])
        guard wholeWidth > width else { return whole }
        guard let slash = shown.firstIndex(of: "/") else {
            return ctx.text.ellipsize(whole, width: width, middle: false)
        }
        var host = String(shown[..<slash])
        let path = Array(shown[shown.index(after: slash)...])
        let marker = "/\u{2026}"
        var leadWidth = ctx.text.advance(of: [span(host + marker, role)])
        if leadWidth > width {
            // A host too wide for the line is shortened in its middle to `hostShare` of it, so
            // that its end (the site's name) and the path's end (an order number) both show.
            let room = width * Self.hostShare - ctx.text.advance(of: [span(marker, role)])
            let short = ctx.text.ellipsize(span(host, role), width: max(0, room), middle: true).text
            // Too narrow to keep a few letters of each end: the host alone, ending in ….
            guard short.count > Self.leastHostKept else {
                return ctx.text.ellipsize(span(host, role), width: width, middle: false)
            }
            host = short
            leadWidth = ctx.text.advance(of: [span(host + marker, role)])
        }
        let lead = host + marker
        // The longest end of the path that fits after the host: each try sets a new string, so
        // the search starts from the length the average character width suggests and gallops
        // out from there (two or three tries) rather than halving from the whole path (seven).
        let perCharacter = wholeWidth / Double(max(1, shown.count))
        let guess = min(path.count, max(0, Int((width - leadWidth) / max(perCharacter, 0.01))))
        var end = String(
            path.suffix(
                Self.longestFitting(upTo: path.count, from: guess) { m in
                    m == 0 || ctx.text.advance(of: [span(lead + String(path.suffix(m)), role)]) <= width
                }))
        // Start the end at a segment when one begins within it (`/…/orders/6X57`, not `/…ers/6X57`).
        if let cut = end.firstIndex(of: "/"), end.distance(from: end.startIndex, to: cut) < end.count - 1 {
            end = String(end[cut...])
        }
        return span(lead + end, role)
    }

    /// `url` as printed in lines no wider than `width`: whole, broken where an address may
    /// break, when that takes at most `linkMaxLines`; otherwise one line shortened as
    /// `printedLink` does. Nothing a reader types back is left out where a second line fits.
    /// `whole`: false when the address had to be shortened.
    func printedLinkLines(_ url: String, _ role: DayStyle, width: Double) -> (lines: [SetLine], whole: Bool) {
        let whole = lines([span(Self.shownAddress(url), role)], width: width)
        if !whole.isEmpty, whole.count <= Self.linkMaxLines { return (whole, true) }
        return (line([printedLink(url, role, width: width)]).map { [$0] } ?? [], false)
    }

    /// The most lines a printed link takes whole before it is shortened to one.
    static let linkMaxLines = 5

    /// The most of a shortened link's width a shortened host takes.
    static let hostShare = 0.6
    /// The fewest characters of a host shortened in its middle, the ellipsis included.
    static let leastHostKept = 8

    /// The largest `m` in 0...`count` for which `fits(m)` holds, `fits` being true up to some
    /// length and false after it, found by galloping from `guess` and halving what is left.
    static func longestFitting(upTo count: Int, from guess: Int, _ fits: (Int) -> Bool) -> Int {
        var lo: Int, hi: Int  // fits(lo) holds; every length above hi fails
        if fits(guess) {
            lo = guess
            hi = count
            var step = 1
            while lo < count {
                let next = min(count, guess + step)
                if fits(next) {
                    lo = next
                } else {
                    hi = next - 1
                    break
                }
                step *= 2
            }
        } else {
            hi = guess - 1
            lo = 0
            var step = 1
            while hi > 0 {
                let next = max(0, guess - step)
                if fits(next) {
                    lo = next
                    break
                }
                hi = next - 1
                step *= 2
            }
        }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if fits(mid) { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// `url` as printed whole: without its scheme, its escapes decoded where they may be.
    static func shownAddress(_ url: String) -> String {
        let bare = TextLinks.withoutScheme(url)
        return decoded(bare) ?? bare
    }

    /// Percent-escapes decoded, or nil when there is none to decode, or when decoding yields
    /// invalid UTF-8, a control character or a space (printed, an address must be typed back as
    /// it reads). Only escapes whose character means the same written plainly are decoded: letters
    /// of other scripts (UTF-8 bytes) and the unreserved `A–Z a–z 0–9 - . _ ~`. An escaped
    /// delimiter (`%3A`, `%2F`, `%3F`, `%26`, `%3D`, `%23`, `%25`…) stays escaped: written as
    /// itself it would end a query value or a path segment where the address does not.
    static func decoded(_ text: String) -> String? {
        guard text.contains("%") else { return nil }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0, changed = false
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count,
                let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2])
            {
                let value = high << 4 | low
                if value >= 0x80 || isUnreserved(value) {
                    out.append(value)
                    i += 3
                    changed = true
                    continue
                }
            }
            out.append(bytes[i])
            i += 1
        }
        guard changed, let decoded = String(validating: out, as: UTF8.self) else { return nil }
        guard
            !decoded.unicodeScalars.contains(where: {
                $0.properties.generalCategory == .control || $0.properties.isWhitespace
            })
        else { return nil }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// RFC 3986's unreserved characters: the same escaped or not.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "~")
        }
    }
}
