/// DEFLATE in zlib format for PDF content streams (`/Filter /FlateDecode`), through libdeflate.
///
/// libdeflate, not zlib: the accessibility update inflates and deflates every page's content
/// again, and libdeflate's whole-buffer coder takes about half zlib's instructions for both
/// (10-day example: deflating 345 KB of page content at level 1 costs 11 M instructions
/// against zlib's 20 M, inflating it 4.7 M against 7.2 M; see the README's Benchmark).
import BackgroundThreads
import CDeflate

/// Inflating and deflating the zlib bytes of a content stream (`/FlateDecode`), whole buffer at once.
public enum Flate {
    /// libdeflate's version, as its headers said when this was built: the library has no call
    /// that tells the running one (Debian's soname, `libdeflate.so.0`, names none either).
    public static let libraryVersion = LIBDEFLATE_VERSION_STRING

    /// The bytes a content stream holds once inflated; nil if they are not a whole zlib
    /// stream or inflate to more than `limit` bytes.
    public static func inflate(_ input: ArraySlice<UInt8>, limit: Int) -> [UInt8]? {
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        // The whole output at once: start from a typical ratio, grow until it fits or passes
        // the limit. (cairo's page content deflates about four to one.)
        var capacity = min(limit, max(4096, input.count * 8))
        while true {
            var result = LIBDEFLATE_BAD_DATA
            let output = [UInt8](unsafeUninitializedCapacity: capacity) { target, count in
                var produced = 0
                result = input.withUnsafeBytes { source in
                    libdeflate_zlib_decompress(
                        decompressor, source.baseAddress, source.count, target.baseAddress, target.count, &produced)
                }
                count = result == LIBDEFLATE_SUCCESS ? produced : 0
            }
            switch result {
            case LIBDEFLATE_SUCCESS:
                return output
            case LIBDEFLATE_INSUFFICIENT_SPACE where capacity < limit:
                capacity = min(limit, capacity * 2)
            default:
                return nil
            }
        }
    }

    /// `input` deflated at `level` (libdeflate's 1–12): the same bytes give the same output
    /// with the same libdeflate, which is what keeps the PDF reproducible.
    public static func deflate(_ input: [UInt8], level: Int32 = 1) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(level) else {
            preconditionFailure("libdeflate could not allocate a compressor (out of memory)")
        }
        defer { libdeflate_free_compressor(compressor) }
        var output = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, input.count))
        let size = input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { target in
                libdeflate_zlib_compress(compressor, source.baseAddress, source.count, target.baseAddress, target.count)
            }
        }
        // The bound is enough by libdeflate's definition.
        precondition(size > 0, "libdeflate could not deflate a content stream")
        output.removeSubrange(size...)
        return output
    }

    /// Each of `inputs` deflated at `level`, on every core: the same bytes as `deflate` gives
    /// for each, in the same order. A page's content and an object stream deflate
    /// independently, and deflating is most of what the accessibility update costs after
    /// cairo (64 M of the 120-day trip's instructions), so the pages of a document are
    /// deflated side by side instead of one after another.
    public static func deflate(each inputs: [[UInt8]], level: Int32 = 1) -> [[UInt8]] {
        guard inputs.count > 1 else { return inputs.map { deflate($0, level: level) } }
        var outputs = [[UInt8]](repeating: [], count: inputs.count)
        outputs.withUnsafeMutableBufferPointer { slots in
            // Each slot is written by one iteration alone, and read once all have ended.
            nonisolated(unsafe) let slots = slots
            sideBySide(inputs.count) { k in
                slots[k] = deflate(inputs[k], level: level)
            }
        }
        return outputs
    }
}
