/// The tagged PDF's structure tree, read back with poppler's `pdfinfo -struct-text`: one root,
/// sections with their headings, tables with header cells, the map as a figure, furniture apart.
import Foundation
import ItineraryExport
import Testing
import TestSupport

/// One element of the tree as pdfinfo prints it: its type, its text, its children.
final class StructureNode {
    let type: String
    var text = ""
    var children: [StructureNode] = []
    init(type: String) { self.type = type }

    func all(_ type: String) -> [StructureNode] {
        (self.type == type ? [self] : []) + children.flatMap { $0.all(type) }
    }
    /// All the text under this element, in reading order.
    var fullText: String { text + children.map(\.fullText).joined() }

    /// Parses `pdfinfo -struct-text`: two spaces of indent a level; `"…"` lines are text,
    /// `Object n 0` lines annotation references, anything else an element (`H1 (block)`).
    static func parse(_ output: String) -> [StructureNode] {
        var roots: [StructureNode] = []
        var stack: [(depth: Int, node: StructureNode)] = []
        for line in output.split(separator: "\n") {
            let depth = line.prefix { $0 == " " }.count / 2
            let body = line.drop { $0 == " " }
            while let last = stack.last, last.depth >= depth { stack.removeLast() }
            if body.hasPrefix("\"") {
                stack.last?.node.text += String(body.dropFirst().dropLast())
            } else if !body.hasPrefix("Object ") {
                let node = StructureNode(type: String(body.split(separator: " ").first ?? ""))
                if let parent = stack.last?.node { parent.children.append(node) } else { roots.append(node) }
                stack.append((depth, node))
            }
        }
        return roots
    }
}

@Suite("Structure tree")
struct StructureTreeTests {
    @Test(
        "the 10-day example: one Document; a section each; H1 per section, H2 per day; tables with header cells; the map a Figure"
    )
    func tenDayTree() throws {
        let trip = try Exporter.loadTrip(
            path: TestPaths.examples.appendingPathComponent("midwest-mlb-10-day.json").path)
        let pdf = TestPaths.scratch("structure-tree").appendingPathComponent("trip.pdf")
        try TestStores.exporter().render(trip).bytes.write(to: pdf)
        let out = try runProcess("/usr/bin/pdfinfo", ["-struct-text", pdf.path])
        #expect(out.status == 0)
        #expect(!out.stderr.contains("more than one child"), "\(out.stderr)")

        let roots = StructureNode.parse(out.stdout)
        try #require(roots.count == 1 && roots[0].type == "Document", "roots: \(roots.map(\.type))")
        let document = roots[0]
        let sections = document.children.filter { $0.type == "Sect" }
        #expect(sections.count == 4, "cover, overview, days, progress: \(document.children.map(\.type))")
        // Page furniture (running header, page numbers, the test-purchase notice, the cover's
        // brand line) is an artifact: printed, but outside the tree.
        #expect(document.children.allSatisfy { $0.type == "Sect" }, "\(document.children.map(\.type))")
        #expect(document.all("Private").isEmpty)
        let pageThree = try runProcess("/usr/bin/pdftotext", ["-f", "3", "-l", "3", "-enc", "UTF-8", pdf.path, "-"])
            .stdout
        #expect(
            pageThree.contains("Page 3 of 10") && pageThree.contains("SportsTime")
                && pageThree.contains("Midwest Ballpark Swing · Jun"))
        #expect(!document.fullText.contains("Page 3 of 10") && !document.fullText.contains("SportsTime"))
        #expect(!document.fullText.contains("Midwest Ballpark Swing · Jun"), "the running header")

        #expect(document.all("H1").map(\.fullText) == ["Overview", "Day by day", "Stadium progress"])
        let h2 = document.all("H2").map(\.fullText)
        #expect(h2.count == trip.days.count, "\(h2)")
        for (text, day) in zip(h2, trip.days) { #expect(text.hasSuffix(day.city), "\(text)") }

        let cover = sections[0]
        // Each label is read before its value, each a paragraph of its own in a group (not one
        // blob: "DATESJun 12 – 21, 2026").
        func plain(_ s: String) -> String {
            s.replacingOccurrences(of: "\u{2009}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
                .replacingOccurrences(of: "\u{00A0}", with: " ")
        }
        let pairs = cover.all("Div").filter { $0.children.count >= 2 && $0.children.allSatisfy { $0.type == "P" } }
            .map { $0.children.map { plain($0.fullText) } }
        #expect(
            pairs.contains(["DATES", "Jun 12 – 21, 2026"]) && pairs.contains(["TRAVELER", "Jordan Rivera"]), "\(pairs)")
        #expect(pairs.contains(["LEAGUES", "MLB", "Major League Baseball"]), "\(pairs)")
        #expect(pairs.contains(["DAYS", "10"]) && pairs.contains(["GAMES", "8"]), "\(pairs)")
        let raw = plain(
            try runProcess("/usr/bin/pdftotext", ["-raw", "-f", "1", "-l", "1", "-enc", "UTF-8", pdf.path, "-"]).stdout)
        #expect(raw.contains("DATES\nJun 12 – 21, 2026\nTRAVELER\nJordan Rivera"), "\(raw)")
        #expect(cover.all("Figure").count == 1)
        #expect(cover.all("Figure").first?.fullText.contains("Chicago") == true)

        let tables = sections[1].all("Table")
        #expect(tables.count == 2, "days and stays")
        let days = try #require(tables.first)
        let rows = days.children.filter { $0.type == "TR" }
        #expect(rows.first?.children.map(\.type) == Array(repeating: "TH", count: 7))
        #expect(rows.first?.children.map(\.fullText) == ["DAY", "DATE", "CITY", "GAMES", "TRAVEL", "DISTANCE", "TIME"])
        // A row per day and the totals; each body row links to its day.
        #expect(rows.count == 1 + trip.days.count + 1)
        #expect(
            rows.dropFirst().prefix(trip.days.count).allSatisfy { $0.all("Link").count == 1 && $0.all("TD").count == 7 }
        )
        #expect(rows.dropFirst().first?.all("TD").first?.fullText == "1")

        // A table holds only rows (page furniture falls between the pieces of a split table).
        for table in document.all("Table") {
            #expect(table.children.allSatisfy { $0.type == "TR" }, "\(table.children.map(\.type))")
        }

        // A day's heading reads its tile and date apart; a game card reads its matchup as words
        // and its time with its zone; every line of a card is a paragraph of its own.
        let firstDay = try #require(document.all("H2").first)
        #expect(firstDay.children.map { plain($0.fullText) } == ["DAY", "1", "Fri, Jun 12 · Chicago"])
        let cards = sections[2].all("Div").map { $0.children.map { plain($0.fullText) } }
        #expect(cards.contains { $0.contains("STL @ CHC") && $0.contains("1:20 PM CDT") }, "\(cards.prefix(3))")
        #expect(
            cards.contains {
                $0.starts(with: ["Denver → Chicago", "Flight · departs 6:00 AM MDT · arrives ≈ 9:35 AM CDT"])
            }, "\(cards.prefix(3))")
        #expect(sections[2].all("Div").allSatisfy { $0.text.isEmpty }, "no text directly in a card, run together")

        // Cards are groups, read in order; ticket links are Link elements inside them.
        #expect(sections[2].all("Div").count >= trip.days.flatMap(\.items).count)
        #expect(!sections[2].all("Link").isEmpty)

        // Progress: the hero's count and phrase, each stadium card a group of paragraphs (they
        // were once outside the tree, unread).
        let progress = sections[3].children.map { plain($0.fullText) }
        #expect(progress.starts(with: ["Stadium progress"]) && progress.contains("of 30 MLB ballparks"), "\(progress)")
        #expect(progress.contains("20 TO GO") && progress.contains("BALLPARKS VISITED"), "\(progress)")
        #expect(progress.contains("Coors Field") && progress.contains("Target Field"), "the record's pills, each read")
        let stadiums = sections[3].all("Div").map { $0.children.map { plain($0.fullText) } }
        #expect(
            stadiums.count == 7
                && stadiums.first == ["CHC", "CHICAGO, IL", "Wrigley Field", "Chicago Cubs", "On this trip · Jun 12"],
            "\(stadiums.prefix(2))")
    }

    /// The entries cairo cannot write, added by the renderer's accessibility update, read back with
    /// `qpdf --json` (its own parser, not ours): the catalog's language and viewer settings, the
    /// map's alternate text naming every stop, a `/Contents` on every link annotation.
    @Test(
        "the 10-day example: /Lang and XMP metadata, the map's /Alt names every stop in order, every link says where it goes, qpdf --check is clean"
    )
    func accessibilityEntries() throws {
        let trip = try Exporter.loadTrip(
            path: TestPaths.examples.appendingPathComponent("midwest-mlb-10-day.json").path)
        let pdf = TestPaths.scratch("structure-entries").appendingPathComponent("trip.pdf")
        try TestStores.exporter().render(trip).bytes.write(to: pdf)
        #expect(try runProcess("/usr/bin/qpdf", ["--check", pdf.path]).status == 0)
        // One revision, its furniture marked as artifacts in every page's content.
        let content = try runProcess("/usr/bin/qpdf", ["--qdf", "--object-streams=disable", pdf.path, "-"]).stdout
        // A header and a footer on each page after the cover, and each card's fill and border.
        let cards = trip.days.flatMap(\.items).count
        #expect(content.components(separatedBy: "/Artifact BMC").count - 1 >= 2 * 9 + cards, "\(cards) cards")
        #expect(!content.contains("/Private"))
        // Structure elements and annotations are packed into object streams.
        let raw = String(decoding: try Data(contentsOf: pdf), as: UTF8.self)
        #expect(raw.contains("/Type /ObjStm") && !raw.contains("/Type /StructElem"))
        let out = try runProcess("/usr/bin/qpdf", ["--json=2", "--json-key=qpdf", pdf.path])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        let objects = try #require((json["qpdf"] as? [Any])?.last as? [String: Any])
        let values = objects.values.compactMap { ($0 as? [String: Any])?["value"] as? [String: Any] }

        let catalog = try #require(values.first { $0["/Type"] as? String == "/Catalog" })
        #expect(catalog["/Lang"] as? String == "u:en-US")
        #expect(catalog["/PageMode"] as? String == "/UseOutlines")
        #expect((catalog["/ViewerPreferences"] as? [String: Any])?["/DisplayDocTitle"] as? Bool == true)
        #expect((catalog["/MarkInfo"] as? [String: Any])?["/Marked"] as? Bool == true)
        // XMP metadata with the title, the author and the language, read back by poppler.
        let xmp = try runProcess("/usr/bin/pdfinfo", ["-meta", pdf.path]).stdout
        #expect(xmp.contains("<rdf:li xml:lang=\"x-default\">Midwest Ballpark Swing</rdf:li>"), "\(xmp)")
        #expect(
            xmp.contains("<dc:creator><rdf:Seq><rdf:li>Jordan Rivera</rdf:li>")
                && xmp.contains("<rdf:li>en-US</rdf:li>"))

        let figures = values.filter { $0["/S"] as? String == "/Figure" }
        #expect(figures.count == 1)
        let alt = try #require(figures.first?["/Alt"] as? String)
        var rest = Substring(alt)
        for (n, city) in ["Chicago", "Milwaukee", "Detroit", "Cleveland", "Pittsburgh", "Cincinnati"].enumerated() {
            let r = try #require(rest.range(of: "\(n + 1) \(city), Jun "), "\(alt)")
            rest = rest[r.upperBound...]
        }
        #expect(alt.hasPrefix("u:Route map: 1 Chicago, Jun 12–13 → 2 Milwaukee"))

        let links = values.filter { $0["/Subtype"] as? String == "/Link" }
        #expect(links.count >= trip.days.count)
        for link in links { #expect((link["/Contents"] as? String)?.isEmpty == false, "\(link)") }
        let contents = Set(links.compactMap { $0["/Contents"] as? String })
        #expect(contents.contains("u:Tickets: STL @ CHC, Fri, Jun 12"))
        #expect(contents.contains("u:Day 1 · Fri, Jun 12 · Chicago"))
    }

    @Test(
        "an element's text is read whole past the characters that draw nothing (bidi isolates and marks, word joiners): a Hebrew route, a date range"
    )
    func invisibleCharactersKeepTheText() throws {
        let trip = try Exporter.loadTrip(
            path: TestPaths.validFixtures.appendingPathComponent("hebrew-locale.json").path)
        let pdf = TestPaths.scratch("structure-invisible").appendingPathComponent("trip.pdf")
        try TestStores.exporter().render(trip).bytes.write(to: pdf)
        let out = try runProcess("/usr/bin/pdfinfo", ["-struct-text", pdf.path])
        let roots = StructureNode.parse(out.stdout)
        try #require(roots.count == 1)
        // (Ties are no-break spaces.)
        let paragraphs = roots[0].all("P").map { $0.fullText.replacingOccurrences(of: "\u{A0}", with: " ") }
        // The cover's route: from Tel Aviv to Jerusalem, each city between isolates.
        #expect(
            paragraphs.contains { $0.contains("ירושלים") && $0.contains("תל אביב") && $0.contains("←") },
            "\(paragraphs.prefix(4))")
        // The dates: both days of the range, an isolate between them.
        #expect(paragraphs.contains { $0.contains("5") && $0.contains("8") && $0.contains("2026") && $0.contains("–") })
    }

    /// Addresses that cairo escapes (brackets, quotes, non-ASCII) or that hold the words the
    /// update looks for (`stream`, `endobj`) still get their names; a note's address is a link.
    @Test("links with awkward addresses, in tickets, plans and notes, all say where they go")
    func awkwardAddresses() throws {
        let source = TestPaths.examples.appendingPathComponent("midwest-mlb-10-day.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
        var days = try #require(json["days"] as? [[String: Any]])
        var items = try #require(days[0]["items"] as? [[String: Any]])
        let awkward = [
            "https://es.wikipedia.org/wiki/Estadio_(México)", "https://example.com/fan's-guide",
            "https://www.mlb.com/livestream/game", "https://x.example/endobj/y",
        ]
        for (i, item) in items.enumerated() where item["type"] as? String == "game" {
            var game = item
            var ticket = (game["ticket"] as? [String: Any]) ?? [:]
            ticket["url"] = awkward[0]
            game["ticket"] = ticket
            game["notes"] = "Streams: \(awkward[2]) and \(awkward[3]); guide at \(awkward[1])."
            items[i] = game
        }
        days[0]["items"] = items
        json["days"] = days
        let dir = TestPaths.scratch("structure-awkward")
        let tripURL = dir.appendingPathComponent("trip.json")
        try JSONSerialization.data(withJSONObject: json).write(to: tripURL)
        let trip = try Exporter.loadTrip(path: tripURL.path)
        let pdf = dir.appendingPathComponent("trip.pdf")
        try TestStores.exporter().render(trip).bytes.write(to: pdf)
        #expect(try runProcess("/usr/bin/qpdf", ["--check", pdf.path]).status == 0)
        let out = try runProcess("/usr/bin/qpdf", ["--json=2", "--json-key=qpdf", pdf.path])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        let objects = try #require((parsed["qpdf"] as? [Any])?.last as? [String: Any])
        let links = objects.values.compactMap { ($0 as? [String: Any])?["value"] as? [String: Any] }.filter {
            $0["/Subtype"] as? String == "/Link"
        }
        for link in links { #expect((link["/Contents"] as? String)?.isEmpty == false, "\(link)") }
        let contents = Set(links.compactMap { $0["/Contents"] as? String })
        #expect(contents.contains("u:Tickets: STL @ CHC, Fri, Jun 12"))
        #expect(
            contents.contains("u:www.mlb.com/livestream/game") && contents.contains("u:x.example/endobj/y"),
            "\(contents)")
    }

    /// Found by review: a page's object lists all its link annotations, and one with hundreds
    /// ran past the reader's 4 KB; and a trip's text that reads like cairo's furniture operator
    /// must be drawn as written.
    @Test("a page of 500 links, and text that reads like the furniture operator, export in both templates")
    func manyLinksAndOperatorText() throws {
        let source = TestPaths.validFixtures.appendingPathComponent("minimal.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
        var days = try #require(json["days"] as? [[String: Any]])
        var items = (days[0]["items"] as? [[String: Any]]) ?? []
        let links = Array(repeating: "http://a.io", count: 166).joined(separator: " ")
        for _ in 0..<3 { items.append(["type": "custom", "category": "note", "title": "Links", "notes": links]) }
        items.append([
            "type": "custom", "category": "note", "title": "/Private << /MCID 0 >> BDC",
            "notes": "/Private << /MCID 1 >> BDC (a) \\ <2F> EMC",
        ])
        days[0]["items"] = items
        json["days"] = days
        json["name"] = "/Private << /MCID 0 >> BDC"
        let dir = TestPaths.scratch("structure-many-links")
        let tripURL = dir.appendingPathComponent("trip.json")
        try JSONSerialization.data(withJSONObject: json).write(to: tripURL)
        let trip = try Exporter.loadTrip(path: tripURL.path)
        for template in ["classic", "compact"] {
            let pdf = dir.appendingPathComponent("\(template).pdf")
            try TestStores.exporter().render(trip, options: ExportOptions(template: .named(template))).bytes.write(
                to: pdf)
            #expect(try runProcess("/usr/bin/qpdf", ["--check", pdf.path]).status == 0, "\(template)")
            let text = try runProcess("/usr/bin/pdftotext", ["-enc", "UTF-8", pdf.path, "-"]).stdout
            #expect(text.contains("/Private << /MCID 1 >> BDC (a)"), "\(template): the note is drawn as written")
            #expect(
                !(try runProcess("/usr/bin/pdfinfo", ["-struct-text", pdf.path]).stdout.contains("Private\n")),
                "\(template)")
        }
    }
}
