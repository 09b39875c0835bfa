/// Stream data decoded as its filters say: Flate, with PNG and TIFF predictors.
@testable import PDFRewrite
import Testing

@Suite("Stream filters")
struct StreamFilterTests {
    @Test("PNG predictors undo each row's filter; TIFF predictor 2 adds to the left; no filter is the data itself")
    func predictors() throws {
        // Two rows of three bytes: None, then Up (each byte plus the one above).
        let rows: [UInt8] = [0, 1, 2, 3, 2, 1, 1, 1]
        let png = PDFDictionary([("Predictor", .integer(12)), ("Columns", .integer(3))])
        #expect(try StreamFilters.predicted(rows, png) == [1, 2, 3, 2, 3, 4])
        // Sub, Average and Paeth.
        #expect(try StreamFilters.predicted([1, 5, 1, 1], png) == [5, 6, 7])
        #expect(try StreamFilters.predicted([0, 10, 20, 30, 3, 1, 1, 1], png) == [10, 20, 30, 6, 14, 23])
        #expect(try StreamFilters.predicted([0, 10, 20, 30, 4, 1, 1, 1], png) == [10, 20, 30, 11, 21, 31])
        #expect(throws: PDFError.self) { try StreamFilters.predicted([0, 1, 2], png) }
        #expect(throws: PDFError.self) { try StreamFilters.predicted([7, 1, 2, 3], png) }
        let tiff = PDFDictionary([("Predictor", .integer(2)), ("Columns", .integer(3))])
        #expect(try StreamFilters.predicted([1, 1, 1, 5, 0, 0], tiff) == [1, 2, 3, 5, 5, 5])
        let data = Array("plain".utf8)
        #expect(try StreamFilters.decode(data[...], dictionary: PDFDictionary(), limit: 100) == data)
    }

    @Test("deflating many buffers side by side gives, in order, what deflating each alone gives, and inflates back")
    func deflateEach() {
        // Pages of different sizes and kinds, an empty one among them, and a single buffer.
        var inputs: [[UInt8]] = (0..<40).map { k in
            Array((0..<(k * 997 % 20_000)).map { UInt8(truncatingIfNeeded: $0 * (k + 1) / 7) })
        }
        inputs.insert([], at: 3)
        let together = Flate.deflate(each: inputs)
        #expect(together == inputs.map { Flate.deflate($0) })
        #expect(together.map { Flate.inflate($0[...], limit: 1 << 20) ?? [9] } == inputs)
        #expect(Flate.deflate(each: [inputs[5]]) == [Flate.deflate(inputs[5])])
        #expect(Flate.deflate(each: []).isEmpty)
    }

    @Test("Flate through a filter array; an unknown filter or damaged data is an error naming it")
    func filters() throws {
        let data = Array(String(repeating: "0 0 m 10 10 l S\n", count: 50).utf8)
        let packed = Flate.deflate(data)
        #expect(
            try StreamFilters.decode(
                packed[...], dictionary: PDFDictionary([("Filter", .array([.name("FlateDecode")]))]), limit: 1 << 20)
                == data)
        #expect(throws: PDFError.self) {
            try StreamFilters.decode(
                packed[...], dictionary: PDFDictionary([("Filter", .name("FlateDecode"))]), limit: 10)
        }
        #expect(throws: PDFError.self) {
            try StreamFilters.decode(
                packed[...], dictionary: PDFDictionary([("Filter", .name("LZWDecode"))]), limit: 1 << 20)
        }
        #expect(throws: PDFError.self) {
            try StreamFilters.decode(
                packed.dropLast(4), dictionary: PDFDictionary([("Filter", .name("FlateDecode"))]), limit: 1 << 20)
        }
    }

    @Test("Flate: what deflates inflates back; a damaged or oversized stream is nil; the same bytes deflate the same")
    func flate() {
        let text = Array(String(repeating: "BT /f-0-0 1 Tf [(Day 1)] TJ ET\n", count: 500).utf8)
        let packed = Flate.deflate(text)
        #expect(packed.count < text.count / 10)
        #expect(Flate.inflate(packed[...], limit: 1 << 20) == text)
        #expect(Flate.inflate(packed.dropLast(4), limit: 1 << 20) == nil)
        #expect(Flate.inflate(packed[...], limit: text.count - 1) == nil)
        #expect(Flate.inflate(Array("not zlib".utf8)[...], limit: 1 << 20) == nil)
        #expect(Flate.deflate(text) == packed)
    }
}
