/// Finding, decoding and checking templates: for an export (cached while the file's bytes stay
/// the same) and for `validate --template`.
import Foundation
import ItineraryLayout
import ItineraryText
import StrictJSON

extension Exporter {
    /// Loads and checks a template.
    public func loadTemplate(_ choice: TemplateChoice) throws(ExportError) -> Template {
        try loadTemplateAndBytes(choice).template
    }

    /// The template and the bytes it was decoded from (read now: the file may have changed).
    func loadTemplateAndBytes(_ choice: TemplateChoice) throws(ExportError) -> (template: Template, data: Data) {
        let (path, data) = try Self.templateFile(choice, templatesDirectory: templatesDirectory)
        // Decoding a template costs as much as laying out a page or two; a batch reuses it
        // for as long as the file's bytes stay the same.
        if let cached = templates[path], cached.data == data { return (cached.template, data) }
        let template = try Self.decodeTemplate(data, path: path)
        try Self.checkFamily(template, path: path, fonts: fontSet)
        templates[path] = (data, template)
        return (template, data)
    }

    /// Reads and decodes a template without reading the fonts: what `validate` needs of the
    /// standard template to warn of a trip as an export would (its labels, its sections).
    public static func decodedTemplate(
        _ choice: TemplateChoice, templatesDirectory: String = Resources.templatesDirectory()
    ) throws(ExportError) -> Template {
        let (path, data) = try templateFile(choice, templatesDirectory: templatesDirectory)
        return try decodeTemplate(data, path: path)
    }

    /// Reads and checks a template as an export would, without a gate or an exporter: it draws
    /// nothing (`validate --template`, for template authors). It reads the bundled font set
    /// (`fontsDirectory`) only to check the template's `fontFamily` against it.
    public static func checkTemplate(
        _ choice: TemplateChoice,
        templatesDirectory: String = Resources.templatesDirectory(),
        fontsDirectory: String = Resources.fontsDirectory()
    ) throws(ExportError) -> Template {
        let (path, data) = try templateFile(choice, templatesDirectory: templatesDirectory)
        let template = try decodeTemplate(data, path: path)
        let fonts: FontSet
        do {
            fonts = try FontSet(directory: fontsDirectory)
        } catch {
            throw .fonts(error)
        }
        try checkFamily(template, path: path, fonts: fonts)
        return template
    }

    /// The one check of a template that needs the fonts: its family must be one of theirs.
    static func checkFamily(_ template: Template, path: String, fonts: FontSet) throws(ExportError) {
        guard !fonts.families.contains(template.fontFamily) else { return }
        throw .template(
            "\(MessageText.path(path)): fontFamily: \"\(template.fontFamily)\" is not in the bundled fonts (\(fonts.families.sorted().joined(separator: ", ")))"
        )
    }

    /// The path a choice names and its bytes (`TemplateFiles`).
    static func templateFile(
        _ choice: TemplateChoice, templatesDirectory: String
    ) throws(ExportError) -> (path: String, data: Data) {
        switch TemplateFiles.read(choice, templatesDirectory: templatesDirectory) {
        case let .success(file): return file
        case let .failure(error): throw .template(error.message)
        }
    }

    static func decodeTemplate(_ data: Data, path: String) throws(ExportError) -> Template {
        switch TemplateFiles.decode(data, path: path) {
        case let .success(template): return template
        case let .failure(error): throw .template(error.message)
        }
    }
}
