/// Building the hermetic Fontconfig configuration: from a scan cache when one can be kept.
import CCairo
import Foundation

/// Makes a Fontconfig configuration holding exactly the given files of one directory.
///
/// Both ways start from an empty configuration: no system directories, no user
/// configuration. Scanning the fonts (opening each and computing the characters it covers)
/// costs about 25 million instructions for the bundled set, an eighth of a one-page command's
/// fixed cost, so when the directory can hold a Fontconfig cache (it is writable, or an
/// earlier run left one there) the scan is read from that cache instead.
///
/// Fontconfig checks a cache only against the directory's modification time, which does not
/// change when a font file is rewritten in place. So each cache lives in a subdirectory named
/// by a signature of the files (name, size, modification time to the nanosecond): a changed
/// file means another subdirectory and a fresh scan.
enum FontScan {
    /// The cache's directory inside the font directory (git-ignored).
    static let cacheDirectoryName = ".fontconfig-cache"

    /// A configuration read through the scan cache, or nil when no cache can be used or the
    /// directory holds font files other than `names` (a leftover, say): the caller then adds
    /// the files one by one. `scanRules` (Fontconfig XML with `target="scan"` rules) edit the
    /// fonts as they are scanned; they are part of the cache's signature.
    static func cached(directory: String, names: [String], scanRules: String) -> OpaquePointer? {
        guard let signature = signature(directory: directory, names: names, scanRules: scanRules) else { return nil }
        let caches = (directory as NSString).appendingPathComponent(cacheDirectoryName)
        let cache = (caches as NSString).appendingPathComponent(signature)
        let manager = FileManager.default
        if !manager.fileExists(atPath: cache) {
            // Made before the scan: making the top one afterwards would change the font
            // directory's time and so invalidate the cache just written.
            guard (try? manager.createDirectory(atPath: cache, withIntermediateDirectories: true)) != nil else {
                return nil
            }
            // Caches of earlier versions of the files are of no further use.
            // (The record of checked files, `FontLock`, stays.)
            for old in (try? manager.contentsOfDirectory(atPath: caches)) ?? []
            where old != signature && old != FontLock.recordName {
                try? manager.removeItem(atPath: (caches as NSString).appendingPathComponent(old))
            }
        }
        guard let config = FcConfigCreate() else { return nil }
        let xml = "<?xml version=\"1.0\"?><fontconfig><cachedir>\(XMLText.escaped(cache))</cachedir></fontconfig>"
        guard FcConfigParseAndLoadFromMemory(config, xml, 0) != 0,
            FcConfigParseAndLoadFromMemory(config, scanRules, 0) != 0,
            FcConfigAppFontAddDir(config, directory) != 0,
            loadedNames(config) == Set(names)
        else {
            FcConfigDestroy(config)
            return nil
        }
        return config
    }

    /// A configuration with each file added on its own (no cache: Fontconfig would complain on
    /// stderr that it has no cache directory if the directory were added whole).
    static func fileByFile(directory: String, names: [String], scanRules: String) throws(FontSetError) -> OpaquePointer
    {
        guard let config = FcConfigCreate() else { throw .noFonts(directory) }
        // The rules are the program's own constant: failing to parse them is a bug, not input.
        precondition(
            FcConfigParseAndLoadFromMemory(config, scanRules, 0) != 0,
            "the font scan rules are not valid Fontconfig XML")
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
    private static func loadedNames(_ config: OpaquePointer) -> Set<String> {
        guard let fonts = FcConfigGetFonts(config, FcSetApplication) else { return [] }
        var names = Set<String>()
        for i in 0..<Int(fonts.pointee.nfont) {
            var file: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetString(fonts.pointee.fonts[i], FC_FILE, 0, &file) == FcResultMatch, let file {
                names.insert((String(cString: file) as NSString).lastPathComponent)
            }
        }
        return names
    }

    /// FNV-1a over the scan rules and each file's name, size and modification time; nil if a
    /// file cannot be read.
    static func signature(directory: String, names: [String], scanRules: String) -> String? {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String) {
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        mix(scanRules)
        for name in names.sorted() {
            var info = stat()
            guard stat((directory as NSString).appendingPathComponent(name), &info) == 0 else { return nil }
            mix("\(name)\u{0}\(info.st_size)\u{0}\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)\u{0}")
        }
        return String(hash, radix: 16)
    }
}
