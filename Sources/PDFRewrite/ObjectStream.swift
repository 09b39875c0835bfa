/// An object stream (ISO 32000-1 §7.5.7): objects packed into one compressed stream.

/// A decoded object stream: its objects' numbers and where each begins.
struct ObjectStream {
    let number: Int
    let data: [UInt8]
    /// Object number and offset (from `/First`) of each packed object, in order.
    let index: [(number: Int, offset: Int)]
    let first: Int

    init(number: Int, dictionary: PDFDictionary, data: [UInt8]) throws {
        guard let count = dictionary["N"]?.integer, let first = dictionary["First"]?.integer,
            count >= 0, first >= 0, first <= data.count, count <= first / 4 + 1
        else {
            throw PDFError("object stream \(number) has no valid /N and /First")
        }
        self.number = number
        self.data = data
        self.first = first
        var index: [(number: Int, offset: Int)] = []
        index.reserveCapacity(count)
        try data.withUnsafeBufferPointer { buffer in
            var parser = ObjectParser(buffer)
            for _ in 0..<count {
                guard let n = parser.unsignedInteger(), let offset = parser.unsignedInteger(), parser.position <= first,
                    first + offset <= data.count, offset >= (index.last?.offset ?? 0)
                else {
                    throw PDFError("object stream \(number)'s index is malformed")
                }
                index.append((n, offset))
            }
        }
        self.index = index
    }

    /// The `position`th object, which must be `number`.
    func object(_ number: Int, at position: Int) throws -> IndirectObject {
        guard position >= 0, position < index.count, index[position].number == number else {
            throw PDFError("object stream \(self.number) does not hold object \(number) where the cross-reference says")
        }
        let start = first + index[position].offset
        let end = position + 1 < index.count ? first + index[position + 1].offset : data.count
        return try data.withUnsafeBufferPointer { buffer in
            var parser = ObjectParser(UnsafeBufferPointer(rebasing: buffer[..<end]), at: start)
            let value = try parser.object()
            var lo = start, hi = parser.position
            while lo < hi, ByteClass.isSpace(buffer[lo]) { lo += 1 }
            while hi > lo, ByteClass.isSpace(buffer[hi - 1]) { hi -= 1 }
            return IndirectObject(
                number: number, generation: 0, value: value, stream: nil, body: data[lo..<hi], extent: nil)
        }
    }
}
