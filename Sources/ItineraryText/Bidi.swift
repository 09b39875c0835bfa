/// Users' names inside lines the program composes, kept in the order the line gives them.

public enum Bidi {
    /// `text` ready to sit between the program's own words and arrows in a left-to-right line
    /// (`From → To`, `Away at Home`, the cover's route): a name with right-to-left letters is
    /// wrapped in a first-strong isolate, so it reads in its own direction inside but cannot join
    /// a neighbouring right-to-left name into one run (which would swap them: `Riyadh → Tel Aviv`
    /// shown as `Tel Aviv → Riyadh`), and is preceded by a left-to-right mark, so a line that
    /// starts with it still reads, and is laid out, from the left. Other text is returned as is,
    /// so Latin and CJK lines keep their bytes. The marks draw nothing.
    public static func isolated(_ text: String) -> String {
        guard TextEngine.hasRightToLeft(text) else { return text }
        return "\u{200E}\u{2068}" + text + "\u{2069}"
    }
}
