/// Fuzz target: the template loader, and a theme for each of its papers and languages (where
/// styles, colours and papers are resolved).
import Foundation
import FuzzSupport
import ItineraryLayout

func fuzzOne(_ data: Data) {
    guard let template = try? TemplateLoader.load(data) else { return }
    for paper in template.papers.keys.sorted() {
        for language in template.labels.keys.sorted() {
            _ = try? Theme(template: template, locale: language, paper: paper)
        }
    }
}

@main struct Main {
    static func main() { exit(FuzzEntry.main(fuzzOne)) }
}
