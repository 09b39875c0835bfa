/// Keys that named a style or a colour token in place, before their section had role maps.

/// A section that names its styles and colour tokens in role maps (`styles`, `colors`).
protocol RoleMapped {
    associatedtype StyleRole: TemplateRoleSet
    associatedtype ColorRole: TemplateRoleSet
    /// The section's key in a template (`overview`), as the messages write it.
    static var sectionKey: String { get }
}

extension TemplateField {
    /// A key the first templates of `section` wrote in place (`"dayStyle": "tableCellStrong"`,
    /// `"fill": "surface"`): refused with the entries of the section's role maps that replace
    /// it, so a template author knows what to write instead.
    /// - Parameters:
    ///   - style: the text role now holding the style name, if the key named one.
    ///   - color: the colour role now holding the colour token, if the key named one.
    static func moved<Section: RoleMapped>(
        _ name: String, of section: Section.Type, to style: Section.StyleRole? = nil,
        recoloured color: Section.ColorRole? = nil
    ) -> Self {
        let styles = style.map { "`\(Section.sectionKey).styles.\($0.stringValue)`" }
        let colors = color.map { "`\(Section.sectionKey).colors.\($0.stringValue)`" }
        switch (styles, colors) {
        case let (styles?, colors?):
            return .retired(name, "moved to \(styles) (the style name) and \(colors) (the colour token)")
        case let (styles?, nil): return .retired(name, "moved to \(styles): write the style name there")
        case let (nil, colors?): return .retired(name, "moved to \(colors): write the colour token there")
        case (nil, nil): preconditionFailure("\(name) moved nowhere")
        }
    }
}
