/// WCAG 2 contrast and HSL lightness, for choosing colours that stay readable on white.
import Foundation
import ItineraryText

extension Color {
    /// `#RRGGBB` of the colour rounded to 8 bits a channel.
    public var hex: String {
        let v = [red, green, blue].map { Int((min(max($0, 0), 1) * 255).rounded()) }
        return "#" + v.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }

    /// WCAG 2 relative luminance (sRGB channels linearised, then weighted 0.2126 / 0.7152 / 0.0722).
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The WCAG contrast ratio between two colours, from 1 to 21; the same either way round.
    public func contrast(with other: Color) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The colour with its HSL lightness lowered by `amount` (0…1), hue and saturation kept,
    /// rounded to 8 bits a channel as a `#RRGGBB` value would be.
    public func darkened(byLightness amount: Double) -> Color {
        let (h, s, l) = hsl
        return Color.fromHSL(h, s, max(0, l - amount)).rounded8
    }

    /// Hue in degrees (0…360), saturation and lightness (0…1).
    var hsl: (hue: Double, saturation: Double, lightness: Double) {
        let mx = max(red, green, blue), mn = min(red, green, blue)
        let l = (mx + mn) / 2
        let d = mx - mn
        guard d > 0 else { return (0, 0, l) }
        let s = d / (1 - abs(2 * l - 1))
        var h: Double
        switch mx {
        case red: h = ((green - blue) / d).truncatingRemainder(dividingBy: 6)
        case green: h = (blue - red) / d + 2
        default: h = (red - green) / d + 4
        }
        h *= 60
        if h < 0 { h += 360 }
        return (h, s, l)
    }

    static func fromHSL(_ h: Double, _ s: Double, _ l: Double) -> Color {
        let c = (1 - abs(2 * l - 1)) * s
        let hp = h / 60
        let x = c * (1 - abs(hp.truncatingRemainder(dividingBy: 2) - 1))
        let m = l - c / 2
        let (r, g, b): (Double, Double, Double)
        switch hp {
        case ..<1: (r, g, b) = (c, x, 0)
        case ..<2: (r, g, b) = (x, c, 0)
        case ..<3: (r, g, b) = (0, c, x)
        case ..<4: (r, g, b) = (0, x, c)
        case ..<5: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        return Color(red: r + m, green: g + m, blue: b + m)
    }

    var rounded8: Color {
        func q(_ v: Double) -> Double { (min(max(v, 0), 1) * 255).rounded() / 255 }
        return Color(red: q(red), green: q(green), blue: q(blue))
    }
}
