/// A stream's data as its filters decode it (ISO 32000-1 §7.4): the rewrite decodes only what it
/// reads (cross-reference and object streams, the content it changes).

enum StreamFilters {
    /// `data` through the stream's `/Filter` chain and `/DecodeParms`, at most `limit` bytes.
    /// FlateDecode, with or without a PNG or TIFF predictor, is what PDF writers use for these
    /// streams; any other filter is an error naming it.
    static func decode(_ data: ArraySlice<UInt8>, dictionary: PDFDictionary, limit: Int) throws -> [UInt8] {
        let filters: [PDFObject]
        switch dictionary["Filter"] {
        case nil: filters = []
        case let .name(name)?: filters = [.name(name)]
        case let .array(array)?: filters = array
        case let other?: throw PDFError("a stream's /Filter is \(other), not a name or an array")
        }
        let parameters: [PDFObject]
        switch dictionary["DecodeParms"] {
        case nil: parameters = []
        case let .array(array)?: parameters = array
        case let other?: parameters = [other]
        }
        var out = Array(data)
        guard out.count <= limit else { throw PDFError("a stream is longer than \(limit) bytes") }
        for (index, filter) in filters.enumerated() {
            let parms = index < parameters.count ? parameters[index].dictionary : nil
            switch filter.name {
            case "FlateDecode"?, "Fl"?:
                guard let inflated = Flate.inflate(out[...], limit: limit) else {
                    throw PDFError("a Flate stream is damaged or inflates to more than \(limit) bytes")
                }
                out = try predicted(inflated, parms)
            default:
                throw PDFError("a stream uses the filter \(filter), which this rewrite does not decode")
            }
        }
        return out
    }

    /// `data` with the predictor of `parms` undone (§7.4.4.4): PNG rows (10–15), each with its
    /// own filter-type byte, or TIFF predictor 2, for 8-bit components.
    static func predicted(_ data: [UInt8], _ parms: PDFDictionary?) throws -> [UInt8] {
        let predictor = parms?["Predictor"]?.integer ?? 1
        guard predictor > 1 else { return data }
        let colors = parms?["Colors"]?.integer ?? 1, bits = parms?["BitsPerComponent"]?.integer ?? 8
        let columns = parms?["Columns"]?.integer ?? 1
        guard bits == 8, (1...32).contains(colors), (1...(1 << 20)).contains(columns) else {
            throw PDFError(
                "a stream's predictor parameters (\(bits)-bit, \(colors) colours, \(columns) columns) are not ones this rewrite decodes"
            )
        }
        let stride = colors, rowBytes = colors * columns
        if predictor == 2 {
            var out = data
            for row in Swift.stride(from: 0, to: out.count, by: rowBytes) {
                // (A last row cut short is undone as far as it goes.)
                var k = row + stride
                while k < min(row + rowBytes, out.count) {
                    out[k] = out[k] &+ out[k - stride]
                    k += 1
                }
            }
            return out
        }
        guard (10...15).contains(predictor) else {
            throw PDFError("a stream uses predictor \(predictor), which this rewrite does not decode")
        }
        guard data.count % (rowBytes + 1) == 0 else { throw PDFError("a stream's PNG rows are cut short") }
        var out = [UInt8](), previous = [UInt8](repeating: 0, count: rowBytes)
        out.reserveCapacity(data.count / (rowBytes + 1) * rowBytes)
        var row = [UInt8](repeating: 0, count: rowBytes)
        for start in Swift.stride(from: 0, to: data.count, by: rowBytes + 1) {
            let type = data[start]
            for k in 0..<rowBytes {
                let x = data[start + 1 + k]
                let a = k >= stride ? row[k - stride] : 0, b = previous[k], c = k >= stride ? previous[k - stride] : 0
                switch type {
                case 0: row[k] = x
                case 1: row[k] = x &+ a
                case 2: row[k] = x &+ b
                case 3: row[k] = x &+ UInt8((Int(a) + Int(b)) / 2)
                case 4:
                    let p = Int(a) + Int(b) - Int(c), pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
                    row[k] = x &+ (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
                default: throw PDFError("a stream's PNG row has the unknown filter type \(type)")
                }
            }
            out += row
            previous = row
        }
        return out
    }
}
