/// What a job uses when its manifest line does not say: the batch's `--template` and `--paper`.
import Foundation
import ItineraryExport
import StrictJSON

/// The template and paper every job uses unless its manifest line names its own, and where named
/// templates are looked for.
public struct JobDefaults: Sendable {
    public var template: TemplateChoice
    public var paper: String?
    /// Where named templates are found (`Templates/`).
    public var templatesDirectory: String

    public init(template: TemplateChoice = .standard, paper: String? = nil, templatesDirectory: String) {
        self.template = template
        self.paper = paper
        self.templatesDirectory = templatesDirectory
    }

    /// A paper as written (`--paper`, a manifest's `paper`), lower-cased, when it is a name:
    /// 1 to 32 ASCII letters, digits, `-` or `_`. Whether the template has that paper is asked
    /// of the template once it is read (`Template.paperProblem`): a template may declare any.
    public static func paper(_ raw: String) -> String? {
        let lower = raw.lowercased()
        guard (1...32).contains(lower.utf8.count),
            lower.utf8.allSatisfy({
                (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x5F
            })
        else { return nil }
        return lower
    }

    /// What `paper(_:)` takes, for its error messages.
    public static let paperRule = "a paper name (up to 32 letters, digits, '-' or '_', such as letter or a4)"

    /// A template argument checked to exist: a bundled name, or a file (relative to `base`).
    public func checkTemplate(_ raw: String, base: String) -> Result<TemplateChoice, OutputRefusal> {
        if raw.isEmpty { return .failure(OutputRefusal("needs a name or a path")) }
        switch TemplateChoice(argument: raw) {
        case let .named(name):
            if let problem = TemplateFiles.missing(name, templatesDirectory: templatesDirectory) {
                return .failure(OutputRefusal(problem))
            }
            return .success(.named(name))
        case let .file(file):
            let path = Manifest.resolve(file, base: base)
            guard FileManager.default.isReadableFile(atPath: path) else {
                return .failure(OutputRefusal("cannot read \(MessageText.path(path))"))
            }
            return .success(.file(path))
        }
    }

    /// The file a template choice reads.
    public func templatePath(_ choice: TemplateChoice) -> String {
        TemplateFiles.path(choice, templatesDirectory: templatesDirectory)
    }
}
