/// The numbers cairo writes come out of CFastFormat digit for digit as glibc writes them, and a
/// PDF is the same bytes with the fast path on or off.
import CFastFormat
import DisplayList
import Foundation
import ItineraryLayout
import ItineraryRender
import ItineraryText
import Testing
import TestSupport

@Suite("Fast number formatting", .serialized)
struct FastFormatTests {
    private func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// glibc's own answer (`vsnprintf` is not replaced).
    private func glibc(_ format: String, _ arguments: [CVarArg]) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        return string(buffer)
    }

    private func fixed(_ value: Double, _ precision: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 512)
        guard ei_format_fixed(&buffer, buffer.count, value, precision) >= 0 else { return nil }
        return string(buffer)
    }

    /// Values cairo meets (page coordinates, glyph offsets, colours, tiny deltas), exact halves
    /// at every precision, integers, signed zeros, and doubles from random bits.
    private func samples() -> [Double] {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [
            0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.0005, 0.0015, 1e-7, .leastNonzeroMagnitude, 2.2250738585072014e-308,
            1234.5, 595.276, 841.89, 0.980392, 0.1, 0.09999999999999999, 9.9999995, 99.9995,
            Double(Int64.max) / 2, 9.223372036854775e18,
        ]
        for k in 0..<19 {
            let half = 5 / pow(10, Double(k + 1))
            values += [half, 1 + half, 3 * half, -half, Double(k) + 0.5]
        }
        for _ in 0..<40_000 {
            values.append(Double.random(in: -1000...1000, using: &generator))
            values.append(Double.random(in: -0.1...0.1, using: &generator))
            values.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 256)  // cairo's fixed point
            values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator)))
        }
        return values
    }

    @Test("%.Nf for precisions 0–18 is glibc's, rounding halves to even; declines what it does not do")
    func fixedMatchesGlibc() {
        var compared = 0, declined = 0
        for value in samples() {
            for precision: Int32 in [0, 1, 2, 3, 6, 9, 12, 17, 18] {
                guard let ours = fixed(value, precision) else {
                    // Only infinities, NaN and magnitudes of 2^63 and more are left to glibc.
                    #expect(!value.isFinite || abs(value) >= 0x1p63, "declined \(value)")
                    declined += 1
                    continue
                }
                let theirs = glibc("%.*f", [precision, value])
                if ours != theirs { Issue.record("\(value.bitPattern) %.\(precision)f: ours \(ours), glibc \(theirs)") }
                compared += 1
            }
        }
        #expect(compared > 1_000_000)
        #expect(declined > 0)
        #expect(fixed(1, 19) == nil)
        #expect(fixed(.nan, 3) == nil)
        // A negative precision reads as none given, as in glibc: six digits.
        #expect(fixed(0.25, -1) == "0.250000")
    }

    @Test("integers with width, zero flag and case are glibc's")
    func integersMatchGlibc() {
        var generator = SystemRandomNumberGenerator()
        var values: [Int64] = [0, 1, -1, 42, -42, Int64(Int32.max), Int64(Int32.min), .max, .min]
        for _ in 0..<20_000 {
            values.append(
                Int64.random(in: .min ... .max, using: &generator) >> Int64.random(in: 0...63, using: &generator))
        }
        for value in values {
            for (conversion, zero, width) in [
                ("d", false, 0), ("d", true, 5), ("d", false, 7), ("x", true, 2), ("x", true, 4), ("X", false, 0),
                ("u", false, 3),
            ] {
                var buffer = [CChar](repeating: 0, count: 128)
                let n = ei_format_integer(
                    &buffer, buffer.count, value, CChar(UInt8(ascii: conversion.unicodeScalars.first!)),
                    zero ? 1 : 0, Int32(width))
                let format = "%" + (zero ? "0" : "") + (width > 0 ? "\(width)" : "") + "ll" + conversion
                let theirs = glibc(format, [value])
                #expect(n == Int32(theirs.utf8.count))
                if string(buffer) != theirs {
                    Issue.record("\(format) of \(value): ours \(string(buffer)), glibc \(theirs)")
                }
            }
        }
    }

    @Test("a short buffer is cut as snprintf cuts it, and the length needed is returned")
    func truncation() {
        var buffer = [CChar](repeating: 0x7F, count: 8)
        #expect(ei_format_fixed(&buffer, 4, -123.456, 3) == 8)
        #expect(string(buffer) == "-12")
        #expect(buffer[4] == 0x7F)
        #expect(ei_format_fixed(&buffer, 0, 1, 3) == 5)
        #expect(buffer[0] == 0x2D)
    }

    @Test("only one plain %f, %.Nf, %.*f or integer conversion is taken; every other format goes to glibc")
    func formatsTaken() {
        for format in [
            "%f", "%.3f", "%.0f", "%.18f", "%.*f", "%d", "%u", "%x", "%X", "%02x", "%04X", "%0*x", "%*d", "%ld", "%lld",
            "%lu",
        ] {
            #expect(ei_fast_format_takes(format) == 1, "\(format)")
        }
        for format in [
            "", "%", "%0", "%5", "%l", "%ll", "%.", "%.3", "%*", "%0*", "%.*", "%%", "%s", "%c", "%e", "%g", "%F",
            "%Lf",
            "%5.2f", "%05f", "%*f", "%lf", "%.19f", "%-5d", "%+d", "% d", "%#x", "%hd", "%hhd", "%zu", "%jd", "%.3d",
            "%o", "%1$d", "%'d", "%65d", "%lllx", "x%d", "%d ", "%d%d", "   /SMask %d 0 R\n",
        ] {
            #expect(ei_fast_format_takes(format) == 0, "\(format)")
        }
    }

    @Test("a format cut short is not read past its terminator (it ends a page here, the next is unreadable)")
    func noReadPastTheEnd() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let base = mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            base != MAP_FAILED
        else {
            Issue.record("mmap failed")
            return
        }
        defer { munmap(base, 2 * page) }
        #expect(mprotect(base + page, page, PROT_NONE) == 0)
        for format in ["%", "%0", "%5", "%l", "%ll", "%.", "%.3", "%*", "%0*", "%.*"] {
            let bytes = Array(format.utf8) + [0]
            let start = base + page - bytes.count
            bytes.withUnsafeBytes { start.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
            #expect(ei_fast_format_takes(start.assumingMemoryBound(to: CChar.self)) == 0, "\(format)")
        }
    }

    /// Curves, halos, negative and tiny coordinates, colours and text: what cairo prints.
    private func document(_ engine: TextEngine) -> LaidOutDocument {
        let style = TextStyle(family: "Inter", size: 9.37, lineHeight: 13)
        let line = engine.setParagraph([StyledSpan("Cincinnati → Kansas City · 0.0003 km", style)], width: nil)[0]
        let ink = Color(red: 0.101961, green: 0.101961, blue: 0.180392),
            paper = Color(red: 0.980392, green: 0.976471, blue: 0.968627)
        var items: [DisplayItem] = [
            .textHalo(spans: line.spans, origin: Point(x: 10.0625, y: 20.5), color: paper, width: 3),
            .text(spans: line.spans, origin: Point(x: 10.0625, y: 20.5)),
            .rect(
                Rect(x: 5.333, y: 40.001, width: 180.25, height: 30.0000001), radius: 6, fill: paper, stroke: ink,
                strokeWidth: 0.75),
            .circle(center: Point(x: 100.1, y: 90.05), radius: 3.3, fill: ink),
            .line(
                from: Point(x: -0.04, y: 95), to: Point(x: 199.99, y: 95.0001), width: 0.5, color: ink,
                dash: [1.5, 0.75]),
        ]
        items.append(
            .path(
                [
                    .move(Point(x: 0.01, y: 0.002)),
                    .curve(
                        Point(x: 33.3333, y: -0.0007), Point(x: 66.6667, y: 80.125),
                        Point(x: 199.5, y: 99.99)), .close,
                ],
                style: PathStyle(fill: nil, stroke: ink, lineWidth: 1.3125, lineCap: .round, lineJoin: .round)))
        let page = PageFrame(width: 200, height: 100, items: items)
        return LaidOutDocument(
            pages: [page], outline: [], metadata: DocumentMetadata(title: "numbers"), laidOutWith: engine.documentMark)
    }

    @Test("cairo's calls reach the fast path, and the PDF is the same bytes without it")
    func pdfIdentical() throws {
        let engine = TextEngine(fontSet: try FontSet(directory: TestPaths.fonts))
        let doc = document(engine)
        let options = PDFOptions(creationDate: "2026-01-01T00:00:00Z", creator: "tests")
        let before = ei_fast_format_answered()
        let fast = try PDFRenderer.render(doc, text: engine, options: options)
        #expect(
            ei_fast_format_answered() > before + 100,
            "cairo's snprintf calls did not reach CFastFormat: is __snprintf_chk exported?")
        ei_fast_format_set_enabled(0)
        defer { ei_fast_format_set_enabled(1) }
        let slow = try PDFRenderer.render(doc, text: engine, options: options)
        #expect(fast == slow)
    }
}
