/// Building the hermetic Fontconfig configuration: from a scan cache when one can be kept.
import CCairo
import Foundation

/// Makes a Fontconfig configuration holding exactly the given files of one directory.
///
/// Both ways start from an empty configuration: no system directories, no user
/// configuration. Scanning the fonts (opening each and computing the characters it covers)
/// costs about 25 million instructions for the bundled set, an eighth of a one-page command's
/// fixed cost, so when the directory can hold a Fontconfig cache (it is writable, or `make
/// fonts` already left one there) the scan is read from that cache instead. Fontconfig
/// validates a cache against the directory's modification time and rescans when it changed.
enum FontScan {
    /// The cache's directory inside the font directory (git-ignored).
    static let cacheDirectoryName = ".fontconfig-cache"

    /// A configuration read through the scan cache, or nil when no cache can be used or the
    /// directory holds font files other than `names` (a leftover, say): the caller then adds
    /// the files one by one.
    static func cached(directory: String, names: [String]) -> OpaquePointer? {
        let cache = (directory as NSString).appendingPathComponent(cacheDirectoryName)
        let manager = FileManager.default
        if !manager.fileExists(atPath: cache) {
            guard manager.isWritableFile(atPath: directory) else { return nil }
            // Made before the scan: making it afterwards would change the directory's time
            // and so invalidate the cache just written.
            guard (try? manager.createDirectory(atPath: cache, withIntermediateDirectories: false)) != nil else { return nil }
        }
        guard let config = FcConfigCreate() else { return nil }
        let xml = "<?xml version=\"1.0\"?><fontconfig><cachedir>\(escaped(cache))</cachedir></fontconfig>"
        guard FcConfigParseAndLoadFromMemory(config, xml, 0) != 0, FcConfigAppFontAddDir(config, directory) != 0,
              loadedNames(config).sorted() == names.sorted() else {
            FcConfigDestroy(config)
            return nil
        }
        return config
    }

    /// A configuration with each file added on its own (no cache: Fontconfig would complain on
    /// stderr that it has no cache directory if the directory were added whole).
    static func fileByFile(directory: String, names: [String]) throws(FontSetError) -> OpaquePointer {
        guard let config = FcConfigCreate() else { throw .noFonts(directory) }
        for name in names {
            let path = (directory as NSString).appendingPathComponent(name)
            if FcConfigAppFontAddFile(config, path) == 0 {
                FcConfigDestroy(config)
                throw .unreadableFont(path)
            }
        }
        return config
    }

    /// The file names behind the configuration's application fonts (a .ttc counts once).
    private static func loadedNames(_ config: OpaquePointer) -> [String] {
        guard let fonts = FcConfigGetFonts(config, FcSetApplication) else { return [] }
        var names = Set<String>()
        for i in 0..<Int(fonts.pointee.nfont) {
            var file: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetString(fonts.pointee.fonts[i], FC_FILE, 0, &file) == FcResultMatch, let file {
                names.insert((String(cString: file) as NSString).lastPathComponent)
            }
        }
        return Array(names)
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
