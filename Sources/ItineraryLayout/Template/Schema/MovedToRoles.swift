/// Keys that named a style or a colour token in place, before their section had role maps.

extension TemplateField {
    /// A key the first templates of a section wrote in place (`"dayStyle": "tableCellStrong"`,
    /// `"fill": "surface"`): refused with the entries of the section's role maps (`styles`,
    /// `colors`) that replace it, so a template author knows what to write instead.
    /// - Parameters:
    ///   - section: the section's key (`overview`).
    ///   - style: the text role now holding the style name, if the key named one.
    ///   - color: the colour role now holding the colour token, if the key named one.
    static func movedToRoles(_ name: String, in section: String, style: String?, color: String?) -> Self {
        let styles = style.map { "`\(section).styles.\($0)`" }, colors = color.map { "`\(section).colors.\($0)`" }
        switch (styles, colors) {
        case let (styles?, colors?):
            return .retired(name, "moved to \(styles) (the style name) and \(colors) (the colour token)")
        case let (styles?, nil): return .retired(name, "moved to \(styles): write the style name there")
        case let (nil, colors?): return .retired(name, "moved to \(colors): write the colour token there")
        case (nil, nil): preconditionFailure("\(name) moved nowhere")
        }
    }
}
