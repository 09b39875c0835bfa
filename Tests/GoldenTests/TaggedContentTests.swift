/// Everything a page paints is in the structure tree or an artifact (PDF/UA's "tagged or
/// artifact"): no text, shape or image is left outside marked content, where a screen reader
/// would meet it with no place in the reading order.
import Foundation
import ItineraryExport
import PDFRewrite
import Testing
import TestSupport

@Suite("Tagged content")
struct TaggedContentTests {
    /// The painting operators of `content` outside any marked-content sequence.
    static func unmarkedPaints(_ content: [UInt8]) -> [String] {
        let paints: Set<String> = [
            "Tj", "TJ", "'", "\"", "Do", "f", "F", "f*", "S", "s", "B", "B*", "b", "b*", "sh", "EI",
        ]
        var found: [String] = []
        var depth = 0
        var i = 0
        let n = content.count
        func isSpace(_ b: UInt8) -> Bool { [0x00, 0x09, 0x0A, 0x0C, 0x0D, 0x20].contains(b) }
        func isDelimiter(_ b: UInt8) -> Bool { "()<>[]{}/%".utf8.contains(b) }
        while i < n {
            let b = content[i]
            if isSpace(b) {
                i += 1
            } else if b == UInt8(ascii: "%") {
                while i < n && content[i] != 0x0A && content[i] != 0x0D { i += 1 }
            } else if b == UInt8(ascii: "(") {
                var nesting = 0
                while i < n {
                    let c = content[i]
                    if c == UInt8(ascii: "\\") {
                        i += 2
                        continue
                    }
                    if c == UInt8(ascii: "(") { nesting += 1 }
                    if c == UInt8(ascii: ")") {
                        nesting -= 1
                        if nesting == 0 {
                            i += 1
                            break
                        }
                    }
                    i += 1
                }
            } else if b == UInt8(ascii: "<") && i + 1 < n && content[i + 1] == UInt8(ascii: "<") {
                i += 2
            } else if b == UInt8(ascii: ">") && i + 1 < n && content[i + 1] == UInt8(ascii: ">") {
                i += 2
            } else if b == UInt8(ascii: "<") {
                while i < n && content[i] != UInt8(ascii: ">") { i += 1 }
                i += 1
            } else if isDelimiter(b) && b != UInt8(ascii: "/") {
                i += 1
            } else {
                let start = i
                i += 1
                while i < n && !isSpace(content[i]) && !isDelimiter(content[i]) { i += 1 }
                let token = String(decoding: content[start..<i], as: UTF8.self)
                switch token {
                case "BDC", "BMC": depth += 1
                case "EMC": depth -= 1
                case "ID":
                    // Inline image data, to `EI` between white space.
                    i += 1
                    while i + 1 < n
                        && !(content[i] == UInt8(ascii: "E") && content[i + 1] == UInt8(ascii: "I")
                            && isSpace(content[i - 1]) && (i + 2 == n || isSpace(content[i + 2])))
                    {
                        i += 1
                    }
                    i += 2
                    if depth <= 0 { found.append("EI") }
                default:
                    if depth <= 0 && paints.contains(token) { found.append(token) }
                }
            }
        }
        return found
    }

    @Test("the scanner finds paints outside marked content and none inside, strings and images passed over")
    func scanner() {
        let content = Array(
            "/P <</MCID 0>> BDC BT (a) Tj ET EMC 0 0 1 1 re f /Artifact BMC 0 0 m 1 1 l S EMC (EMC f) Tj BI /W 1 ID\n00 EI\n"
                .utf8)
        #expect(Self.unmarkedPaints(content) == ["f", "Tj", "EI"])
    }

    @Test(
        "every page of every example and odd trip, in both templates: nothing painted outside marked content",
        arguments: ["classic", "compact"])
    func everythingTagged(template: String) throws {
        let exporter = try TestStores.exporter()
        let odd = [
            "arabic-locale.json", "flags-and-emoji.json", "long-values.json", "twelve-items.json", "unicode.json",
        ]
        let trips =
            TestPaths.jsonFiles(in: TestPaths.examples) + odd.map { TestPaths.validFixtures.appendingPathComponent($0) }
        // And a name the compact title block cuts and prints whole under it, beside short facts.
        var longName = try Exporter.loadTrip(path: trips[0].path)
        longName.name = "European Derby Tour: London, Manchester, Liverpool, Paris, Madrid, Barcelona and Milan"
        longName.traveler = "Eleanor Whitfield"
        let named =
            try trips.map { ($0.lastPathComponent, try Exporter.loadTrip(path: $0.path)) } + [("long name", longName)]
        for (name, trip) in named {
            let pdf = try exporter.render(trip, options: ExportOptions(template: .named(template))).bytes
            let file = try PDFFile(Array(pdf))
            let catalog = try #require(try file.object(file.root.number).value.dictionary)
            for (index, page) in try PageTree.pages(file, catalog: catalog).enumerated() {
                var streams: [PDFObject] = []
                switch page.dictionary["Contents"] {
                case let .array(items)?: streams = items
                case let item?: streams = try file.resolve(item)?.array ?? [item]
                case nil: break
                }
                var content: [UInt8] = []
                for stream in streams {
                    guard case let .reference(reference) = stream, let data = try file.object(reference.number).stream
                    else { continue }
                    content += try file.decodedData(data) + [0x0A]
                }
                let unmarked = Self.unmarkedPaints(content)
                #expect(
                    unmarked.isEmpty, "\(name), \(template), page \(index + 1): \(unmarked.prefix(8))")
            }
        }
    }
}
