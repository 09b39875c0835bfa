/// Grayscale page images: loading PNGs with cairo, comparing them, drawing a diff.
import CCairo
import Foundation

/// An 8-bit grayscale raster.
struct PageImage: Equatable {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    /// Loads any PNG cairo can read, converted to gray.
    init?(pngAt path: String) {
        guard let surface = cairo_image_surface_create_from_png(path),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { return nil }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let format = cairo_image_surface_get_format(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        var gray = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                if format == CAIRO_FORMAT_A8 {
                    gray[y * width + x] = data[y * stride + x]
                } else {
                    // RGB24/ARGB32: native-endian 32-bit pixels; average the colour channels.
                    let p = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) {
                        $0.pointee
                    }
                    let r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
                    gray[y * width + x] = UInt8((r * 30 + g * 59 + b * 11) / 100)
                }
            }
        }
        pixels = gray
    }

    init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The share of pixels whose gray levels differ by more than `threshold` (0…255).
    func differingFraction(from other: PageImage, threshold: UInt8) -> Double {
        guard width == other.width, height == other.height else { return 1 }
        var count = 0
        for i in pixels.indices where abs(Int(pixels[i]) - Int(other.pixels[i])) > Int(threshold) { count += 1 }
        return Double(count) / Double(max(1, pixels.count))
    }

    /// A picture of the difference: the expected page faded, with differing pixels in red.
    static func writeDiff(expected: PageImage, actual: PageImage, threshold: UInt8, to path: String) {
        let w = max(expected.width, actual.width), h = max(expected.height, actual.height)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(w), Int32(h)) else { return }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        for y in 0..<h {
            for x in 0..<w {
                let e = x < expected.width && y < expected.height ? Int(expected.pixels[y * expected.width + x]) : 255
                let a = x < actual.width && y < actual.height ? Int(actual.pixels[y * actual.width + x]) : 255
                let faded = UInt32(200 + e * 55 / 255)
                let pixel: UInt32 = abs(e - a) > Int(threshold) ? 0xFF0000 : (faded << 16 | faded << 8 | faded)
                data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) {
                    $0.pointee = pixel
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        cairo_surface_write_to_png(surface, path)
    }
}
