/// Draws display items on any Cairo context: the part PDF and PNG output share.
import CCairo
import DisplayList
import ItineraryText

/// Translates display items into Cairo drawing calls, one to one.
struct Painter {
    let cr: OpaquePointer
    let text: TextEngine
    /// PDF output carries links and destinations as tags; an image has no use for them.
    let emitsTags: Bool

    func paint(_ page: PageFrame) {
        for item in page.items { paint(item) }
    }

    func paint(_ item: DisplayItem) {
        switch item {
        case let .path(elements, style):
            paintPath(elements, style)
        case let .text(spans, origin):
            text.draw(spans, on: cr, x: origin.x, baseline: origin.y)
        case let .textHalo(spans, origin, color, width):
            text.drawOutline(spans, on: cr, x: origin.x, baseline: origin.y, color: color, width: width)
        case let .line(from, to, width, color, dash):
            cairo_save(cr)
            setColor(color)
            cairo_set_line_width(cr, width)
            if !dash.isEmpty { cairo_set_dash(cr, dash, Int32(dash.count), 0) }
            cairo_move_to(cr, from.x, from.y)
            cairo_line_to(cr, to.x, to.y)
            cairo_stroke(cr)
            cairo_restore(cr)
        case let .rect(rect, radius, fill, stroke, strokeWidth):
            // Neither filled nor stroked, a box draws nothing (layout uses it to hold lines
            // together across a page break); adding its path would leave it for the next item.
            guard fill != nil || stroke != nil else { break }
            cairo_save(cr)
            roundedRect(rect, radius: radius)
            if let fill {
                setColor(fill)
                if stroke != nil { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
            }
            if let stroke {
                setColor(stroke)
                cairo_set_line_width(cr, strokeWidth)
                cairo_stroke(cr)
            }
            cairo_new_path(cr)
            cairo_restore(cr)
        case let .circle(center, radius, fill):
            setColor(fill)
            cairo_new_sub_path(cr)
            cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
            cairo_fill(cr)
        case let .cells(grid, origin, cell, color):
            paintCells(grid, origin: origin, cell: cell, color: color)
        case let .link(rect, uri, _):
            guard emitsTags else { return }
            // Integer coordinates: cairo 1.16 parses tag attributes with the C locale's sscanf.
            let attrs =
                "uri='\(Self.escape(Self.pdfSafeURI(uri)))' rect=[\(Self.int(rect.x)) \(Self.int(rect.y)) \(Self.int(rect.width)) \(Self.int(rect.height))]"
            cairo_tag_begin(cr, CAIRO_TAG_LINK, attrs)
            cairo_tag_end(cr, CAIRO_TAG_LINK)
        case let .internalLink(rect, destination, _):
            guard emitsTags else { return }
            let attrs =
                "dest='\(Self.escape(destination))' rect=[\(Self.int(rect.x)) \(Self.int(rect.y)) \(Self.int(rect.width)) \(Self.int(rect.height))]"
            cairo_tag_begin(cr, CAIRO_TAG_LINK, attrs)
            cairo_tag_end(cr, CAIRO_TAG_LINK)
        case let .destination(name, at):
            guard emitsTags else { return }
            cairo_tag_begin(cr, CAIRO_TAG_DEST, "name='\(Self.escape(name))' x=\(Self.int(at.x)) y=\(Self.int(at.y))")
            cairo_tag_end(cr, CAIRO_TAG_DEST)
        case let .beginStructure(role, _):
            guard emitsTags else { return }
            cairo_tag_begin(cr, role.rawValue, nil)
        case let .endStructure(role):
            guard emitsTags else { return }
            cairo_tag_end(cr, role.rawValue)
        }
    }

    /// The set cells of `grid` filled with `color` through a 1-bit image as a stencil, each
    /// pixel scaled to a cell and never smoothed: the PDF gets one small image mask (cairo
    /// writes an A1 mask under a solid colour as `/ImageMask`), a PNG crisp cell edges.
    private func paintCells(_ grid: BitGrid, origin: Point, cell: Double, color: Color) {
        guard grid.rows > 0,
            let image = cairo_image_surface_create(CAIRO_FORMAT_A1, Int32(grid.columns), Int32(grid.rows))
        else { return }
        defer { cairo_surface_destroy(image) }
        cairo_surface_flush(image)
        let stride = Int(cairo_image_surface_get_stride(image))
        guard let data = cairo_image_surface_get_data(image) else { return }
        for row in 0..<grid.rows {
            for column in 0..<grid.columns where grid[row, column] {
                // A1 packs pixels into 32-bit words, the first pixel in the word's lowest bit:
                // on a little-endian machine, the lowest bit of the first byte.
                let word = column / 32, bit = column % 32
                let byte = Self.littleEndian ? word * 4 + bit / 8 : word * 4 + 3 - bit / 8
                data[row * stride + byte] |= UInt8(1 << (bit % 8))
            }
        }
        cairo_surface_mark_dirty(image)
        cairo_save(cr)
        cairo_translate(cr, origin.x, origin.y)
        cairo_scale(cr, cell, cell)
        setColor(color)
        let pattern = cairo_pattern_create_for_surface(image)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
        cairo_mask(cr, pattern)
        cairo_pattern_destroy(pattern)
        cairo_restore(cr)
    }

    private static let littleEndian = 1.littleEndian == 1

    private func paintPath(_ elements: [PathElement], _ style: PathStyle) {
        cairo_save(cr)
        cairo_new_path(cr)
        for element in elements {
            switch element {
            case let .move(p): cairo_move_to(cr, p.x, p.y)
            case let .line(p): cairo_line_to(cr, p.x, p.y)
            case let .curve(a, b, c): cairo_curve_to(cr, a.x, a.y, b.x, b.y, c.x, c.y)
            case let .arc(center, radius, start, end): cairo_arc(cr, center.x, center.y, radius, start, end)
            case .close: cairo_close_path(cr)
            }
        }
        if let fill = style.fill {
            setColor(fill)
            if style.stroke != nil { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
        }
        if let stroke = style.stroke {
            setColor(stroke)
            cairo_set_line_width(cr, style.lineWidth)
            switch style.lineCap {
            case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
            case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
            }
            switch style.lineJoin {
            case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
            case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
            }
            if !style.dash.isEmpty { cairo_set_dash(cr, style.dash, Int32(style.dash.count), 0) }
            cairo_stroke(cr)
        }
        cairo_new_path(cr)
        cairo_restore(cr)
    }

    private func setColor(_ c: Color) {
        cairo_set_source_rgb(cr, c.red, c.green, c.blue)
    }

    private func roundedRect(_ r: Rect, radius: Double) {
        let rad = min(radius, r.width / 2, r.height / 2)
        guard rad > 0 else {
            cairo_rectangle(cr, r.x, r.y, r.width, r.height)
            return
        }
        let pi = Double.pi
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.x + r.width - rad, r.y + rad, rad, -pi / 2, 0)
        cairo_arc(cr, r.x + r.width - rad, r.y + r.height - rad, rad, 0, pi / 2)
        cairo_arc(cr, r.x + rad, r.y + r.height - rad, rad, pi / 2, pi)
        cairo_arc(cr, r.x + rad, r.y + rad, rad, pi, 3 * pi / 2)
        cairo_close_path(cr)
    }

    /// A URI cairo 1.16 can write into a PDF string intact: it does not escape parentheses or
    /// backslashes there (an unbalanced one breaks the file), and PDF wants 7-bit URIs. So
    /// everything outside printable ASCII, and ( ) \\ ' and space, is percent-encoded.
    static func pdfSafeURI(_ uri: String) -> String {
        // Byte by byte: through `Character` and `String.contains` this cost 70 K instructions
        // a link (18 M on the 120-day trip).
        func safe(_ byte: UInt8) -> Bool {
            byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "(") && byte != UInt8(ascii: ")")
                && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "'")
        }
        let utf8 = uri.utf8
        guard !utf8.allSatisfy(safe) else { return uri }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count * 3)
        for byte in utf8 {
            if safe(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Cairo tag strings quote with single quotes and escape with a backslash.
    static func escape(_ s: String) -> String {
        s.replacingLiterally("\\", with: "\\\\").replacingLiterally("'", with: "\\'")
    }

    static func int(_ v: Double) -> Int { Int(v.rounded()) }
}
