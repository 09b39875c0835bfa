/// A team's colours made safe to print on white: the text colour and the card bar.
import ItineraryModel
import ItineraryText

/// The colours a team is drawn in (DESIGN "Team colours").
///
/// Text (abbreviations, and chips with white text, the same ratio both ways) must reach WCAG AA
/// for normal text, 4.5:1; the bar is a graphic and needs 3:1. When the primary falls short it
/// is darkened a little (at most 8 HSL lightness points) so the team still looks like itself;
/// a secondary that passes comes next; a primary darkened as far as needed is the last resort.
struct TeamColors: Equatable {
    /// WCAG 2 AA for text.
    static let textContrast = 4.5
    /// WCAG 2 AA for graphical objects.
    static let graphicContrast = 3.0
    /// The first fallback darkens in these steps…
    static let darkenStep = 0.01
    /// …up to this much.
    static let darkenLimit = 0.08

    var text: Color
    var bar: Color

    /// `fallback` is used when the team or its primary colour is unknown.
    init(_ team: Team?, paper: Color, fallback: Color) {
        guard let primary = team?.primaryColor.map(Color.init) else {
            text = fallback
            bar = fallback
            return
        }
        text = Self.textColor(primary: primary, secondary: team?.secondaryColor.map(Color.init), paper: paper)
        bar = primary.contrast(with: paper) >= Self.graphicContrast ? primary : text
    }

    static func textColor(primary: Color, secondary: Color?, paper: Color) -> Color {
        if primary.contrast(with: paper) >= textContrast { return primary }
        let limit = Int((darkenLimit / darkenStep).rounded())
        for k in 1...limit {
            let c = primary.darkened(byLightness: Double(k) * darkenStep)
            if c.contrast(with: paper) >= textContrast { return c }
        }
        if let secondary, secondary.contrast(with: paper) >= textContrast { return secondary }
        var k = limit + 1
        while true {
            let c = primary.darkened(byLightness: Double(k) * darkenStep)
            // Lightness 0 is black, which always passes on a light paper.
            if c.contrast(with: paper) >= textContrast || Double(k) * darkenStep >= 1 { return c }
            k += 1
        }
    }
}

extension Color {
    init(_ rgb: RGBColor) {
        self.init(red: Double(rgb.red) / 255, green: Double(rgb.green) / 255, blue: Double(rgb.blue) / 255)
    }
}
