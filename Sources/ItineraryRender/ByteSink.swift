/// Where cairo's output goes: memory, so nothing touches the file system until the whole
/// document exists.
import CCairo
import Foundation

/// A growing byte buffer that cairo's write callback appends to without reference counting.
///
/// cairo writes a plain PDF an operator or a number at a time: 642,000 writes for the 120-day
/// trip. Reaching a Swift object from the callback retained and released it on every write, and
/// `Array.append(contentsOf:)` paid its generic bookkeeping each time: about 140 instructions a
/// write, 90 M on that trip. Here the callback gets a pointer to this struct and copies with
/// `memcpy`, growing the buffer by doubling. Used only by the renderer that owns it, on one thread.
struct ByteSink: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 1 << 16) {
        self.capacity = capacity
        base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit { base.deallocate() }

    mutating func append(_ bytes: UnsafeRawPointer, count n: Int) {
        if count + n > capacity {
            var grown = capacity * 2
            while grown < count + n { grown *= 2 }
            let larger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 16)
            larger.copyMemory(from: base, byteCount: count)
            base.deallocate()
            base = larger
            capacity = grown
        }
        (base + count).copyMemory(from: bytes, byteCount: n)
        count += n
    }

    var bytes: [UInt8] { Array(UnsafeRawBufferPointer(start: base, count: count)) }
    var data: Data { Data(bytes: base, count: count) }

    /// cairo's write function for a sink: the closure pointer is an `UnsafeMutablePointer<ByteSink>`.
    static let write: cairo_write_func_t = { closure, bytes, length in
        guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
        closure.assumingMemoryBound(to: ByteSink.self).pointee.append(bytes, count: Int(length))
        return CAIRO_STATUS_SUCCESS
    }

    /// A sink on the heap, for cairo to write to while `body` runs; freed after it.
    static func collecting<T>(_ body: (UnsafeMutablePointer<ByteSink>) throws -> T) rethrows -> T {
        let sink = UnsafeMutablePointer<ByteSink>.allocate(capacity: 1)
        sink.initialize(to: ByteSink())
        defer {
            sink.deinitialize(count: 1)
            sink.deallocate()
        }
        return try body(sink)
    }
}
