/// A paragraph broken into lines, which splits between lines with widow and orphan control.
import DisplayList
import ItineraryText

/// A clickable stretch of a set line, and what a screen reader announces for it.
public struct TextLink: Sendable, Hashable {
    public var x: Double
    public var width: Double
    public var uri: String
    public var name: String
    public init(x: Double, width: Double, uri: String, name: String) {
        self.x = x
        self.width = width
        self.uri = uri
        self.name = name
    }
}

/// Set lines stacked at their line heights, inside a box of fixed width.
public struct TextBlock: FlowBlock {
    public var lines: [SetLine]
    /// Left edge of the box, relative to the block's origin.
    public var indent: Double
    public var width: Double
    public var alignment: TextAlignment
    /// The fewest lines a split may leave on either side of a page break.
    public var minimumLinesPerSide: Int
    public var keepWithNext: Bool
    public var mark: String?
    /// What the paragraph is in the document's structure: a paragraph, or a heading.
    public var role: StructureRole = .paragraph
    /// Clickable parts of each line (a URL in a note), parallel to `lines`: x from the line's
    /// start and width, in points.
    public var lineLinks: [[TextLink]] = []
    /// The line drawn under each of `lineLinks`, where the design underlines links.
    var linkUnderline: LinkLine?

    public init(
        lines: [SetLine], indent: Double = 0, width: Double, alignment: TextAlignment = .leading,
        minimumLinesPerSide: Int = 2, keepWithNext: Bool = false, mark: String? = nil
    ) {
        self.lines = lines
        self.indent = indent
        self.width = width
        self.alignment = alignment
        self.minimumLinesPerSide = minimumLinesPerSide
        self.keepWithNext = keepWithNext
        self.mark = mark
    }

    public var height: Double { lines.reduce(0) { $0 + $1.height } }

    public var minimumHeadHeight: Double {
        lines.count >= 2 * minimumLinesPerSide ? lines.prefix(minimumLinesPerSide).reduce(0) { $0 + $1.height } : height
    }

    public func split(available: Double, fullPage: Double) -> (head: any FlowBlock, tail: any FlowBlock)? {
        var used = 0.0, fit = 0
        for line in lines {
            guard used + line.height <= available else { break }
            used += line.height
            fit += 1
        }
        // Widows and orphans: keep at least `minimumLinesPerSide` on each side.
        let take = min(fit, lines.count - minimumLinesPerSide)
        guard take >= minimumLinesPerSide else { return nil }
        var head = self, tail = self
        head.lines = Array(lines[..<take])
        head.keepWithNext = false
        tail.lines = Array(lines[take...])
        if !lineLinks.isEmpty {
            head.lineLinks = Array(lineLinks[..<take])
            tail.lineLinks = Array(lineLinks[take...])
        }
        tail.mark = nil
        return (head, tail)
    }

    public func draw(at origin: Point) -> [DisplayItem] {
        var items: [DisplayItem] = []
        var y = origin.y
        for (index, line) in lines.enumerated() {
            let x: Double
            switch alignment {
            case .leading: x = origin.x + indent + line.offset
            case .center: x = origin.x + indent + (width - line.width) / 2
            case .trailing: x = origin.x + indent + width - line.width
            }
            items.append(.text(spans: line.spans, origin: Point(x: x, y: y + line.baseline)))
            if index < lineLinks.count {
                for link in lineLinks[index] {
                    if let u = linkUnderline {
                        let uy = y + line.baseline + u.offset
                        items.append(
                            .line(
                                from: Point(x: x + link.x, y: uy), to: Point(x: x + link.x + link.width, y: uy),
                                width: u.width, color: u.color, dash: []))
                    }
                    items.append(
                        .link(
                            Rect(x: x + link.x, y: y, width: link.width, height: line.height), uri: link.uri,
                            name: link.name))
                }
            }
            y += line.height
        }
        return items.tagged(role)
    }
}

/// A line under a link: its stroke width, how far below the baseline its middle runs, its colour.
struct LinkLine: Sendable, Equatable {
    var width: Double
    var offset: Double
    var color: Color
}
