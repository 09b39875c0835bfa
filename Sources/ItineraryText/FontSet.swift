/// The hermetic font set: a Fontconfig configuration that holds only the bundled font files.
import CCairo
import Foundation

/// Why the bundled fonts could not be loaded.
public enum FontSetError: Error, Sendable, Equatable, CustomStringConvertible {
    case missingDirectory(String)
    case noFonts(String)
    case unreadableFont(String)
    case incomplete(directory: String, missing: [String])
    /// A pinned file whose bytes are not the ones `fonts.lock` pins.
    case changed(path: String, actual: String, pinned: String)
    /// A `fonts.lock` that pins no font (replaced by something else, or emptied).
    case emptyLock(path: String)

    public var description: String {
        switch self {
        case let .missingDirectory(dir):
            return
                "font directory \(dir) does not exist: point EXPORT_ITINERARY_FONTS at the program's Fonts/ directory (in a clone, 'make fonts' checks it)"
        case let .noFonts(dir):
            return
                "no font files in \(dir): point EXPORT_ITINERARY_FONTS at the program's Fonts/ directory (in a clone: git checkout -- Fonts, then make fonts)"
        case let .unreadableFont(file):
            return "Fontconfig could not read the font file \(file)"
        case let .incomplete(dir, missing):
            return
                "the font set in \(dir) is incomplete (missing \(missing.joined(separator: ", "))): restore the program's Fonts/ directory (in a clone: git checkout -- Fonts, then make fonts)"
        case let .changed(path, actual, pinned):
            return
                "the font file \(path) differs from the one fonts.lock pins (SHA-256 \(actual.prefix(12))…, pinned \(pinned.prefix(12))…): restore it (in a clone: git checkout -- Fonts, then make fonts)"
        case let .emptyLock(path):
            return
                "\(path) pins no font (each line names a font file and its SHA-256): it was emptied or replaced; restore it (in a clone: git checkout -- Fonts/fonts.lock, then make fonts)"
        }
    }
}

/// A Fontconfig configuration built from scratch with only the files of one directory,
/// so that no system font can ever change a rendering.
///
/// Build it once; it is immutable afterwards and may be shared by threads, each of which
/// makes its own `TextEngine` from it.
public final class FontSet: @unchecked Sendable {
    /// The directory the fonts came from.
    public let directory: String
    /// File names, sorted, that make up the set.
    public let files: [String]
    /// The family names the set provides ("Inter", "Noto Sans", …).
    public let families: Set<String>
    let config: OpaquePointer
    /// Every code point some bundled font covers: used to warn about tofu before drawing.
    private let coverage: OpaquePointer

    /// Loads the fonts of `directory` in name order: those its `fonts.lock` pins, or without a
    /// lock every `.otf`, `.ttf` and `.ttc` file.
    public init(directory: String) throws(FontSetError) {
        NativeTextLock.lock()
        defer { NativeTextLock.unlock() }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDir), isDir.boolValue else {
            throw .missingDirectory(directory)
        }
        var names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { [".otf", ".ttf", ".ttc"].contains(where: $0.lowercased().hasSuffix) }
            .sorted()
        guard !names.isEmpty else { throw .noFonts(directory) }
        // With a lock file, exactly the fonts it pins are used and every one must be there: a
        // partial set, or a leftover file, would silently change fallback and so the output.
        // And every one must have the bytes the lock pins (`FontLock`), checked before the scan
        // (which may keep a cache folder in the directory).
        let lock = (directory as NSString).appendingPathComponent("fonts.lock")
        if let text = try? String(contentsOfFile: lock, encoding: .utf8) {
            let pins = FontLock.pins(lock: text)
            // A lock that pins nothing would leave a set of no fonts, and every template's
            // family "not in the bundled fonts ()": name the file that was spoilt instead.
            guard !pins.isEmpty else { throw .emptyLock(path: lock) }
            let missing = pins.map(\.name).filter { !names.contains($0) }
            if !missing.isEmpty { throw .incomplete(directory: directory, missing: missing) }
            try FontLock.verify(directory: directory, pins: pins)
            names = pins.map(\.name).sorted()
        }

        let config: OpaquePointer
        if let cached = FontScan.cached(directory: directory, names: names, scanRules: Self.hangulOnly) {
            config = cached
        } else {
            config = try FontScan.fileByFile(directory: directory, names: names, scanRules: Self.hangulOnly)
        }
        // A face with no heavier weight (the symbol fonts) is emboldened by FreeType when a
        // semibold or bold style asks for it; Inter and Noto have their own bold faces and are
        // left alone, and so is the CJK fallback (see `syntheticBold`).
        FcConfigParseAndLoadFromMemory(config, Self.syntheticBold, 0)
        // Complete now, while one thread holds it: Fontconfig would otherwise finish building
        // the configuration lazily (unlocked) the first time it is made current.
        FcConfigBuildFonts(config)
        let coverage = FcCharSetCreate()!
        var families = Set<String>()
        if let fonts = FcConfigGetFonts(config, FcSetApplication) {
            let set = fonts.pointee
            for i in 0..<Int(set.nfont) {
                var charset: OpaquePointer?
                if FcPatternGetCharSet(set.fonts[i], FC_CHARSET, 0, &charset) == FcResultMatch, let charset {
                    FcCharSetMerge(coverage, charset, nil)
                }
                var family: UnsafeMutablePointer<FcChar8>?
                var n: Int32 = 0
                while FcPatternGetString(set.fonts[i], FC_FAMILY, n, &family) == FcResultMatch, let family {
                    families.insert(String(cString: family))
                    n += 1
                }
            }
        }
        self.families = families
        self.directory = directory
        self.files = names
        self.config = config
        self.coverage = coverage
    }

    /// Fontconfig's rule for synthetic bold: a font of medium weight or lighter, chosen for a
    /// request of semibold (180) or heavier, gets `embolden`, which cairo's FreeType backend honours.
    /// Not the CJK fallback (Droid Sans Fallback): FreeType thickens every stroke by the same
    /// share of the em, and a character of many strokes fills in (`臺` a black blot in a title,
    /// muddy at 9 pt in a table); Chinese and Japanese in a bold style are set in its one weight
    /// and drawn with their outlines stroked a little wider (`strokeSingleWeightBold`).
    /// The Korean face is there for Hangul alone: it also covers Latin, kana and Han, and as a
    /// fallback it would otherwise set Japanese and Chinese text with Korean glyph shapes (and
    /// change every rendering of such text the day it was added). Applied when the fonts are
    /// scanned, so it lives in the scan cache too. The ranges are exactly the Hangul the pinned
    /// NanumGothic files cover (Jamo, Compatibility Jamo, the 11,172 syllables): a range it
    /// lacked would be tofu instead of a fallback. (Subtracting everything else would say the
    /// same, but Fontconfig adds a range one character at a time, on every run: 140 million
    /// instructions for the rest of Unicode.)
    static let hangulOnly = """
        <?xml version="1.0"?><fontconfig><match target="scan">
        <test name="family"><string>NanumGothic</string></test>
        <edit name="charset" mode="assign"><charset>
        <range><int>0x1100</int><int>0x1112</int></range><range><int>0x115f</int><int>0x1175</int></range>
        <range><int>0x11a8</int><int>0x11c2</int></range><range><int>0x3131</int><int>0x318e</int></range>
        <range><int>0xac00</int><int>0xd7a3</int></range>
        </charset></edit>
        </match></fontconfig>
        """

    static let syntheticBold = """
        <?xml version="1.0"?><fontconfig><match target="font">
        <test name="family" compare="not_eq"><string>Droid Sans Fallback</string></test>
        <test name="weight" compare="less_eq"><const>medium</const></test>
        <test target="pattern" name="weight" compare="more_eq"><int>180</int></test>
        <edit name="embolden" mode="assign"><bool>true</bool></edit>
        </match></fontconfig>
        """

    /// Makes this set the process's default Fontconfig configuration, for a program that owns
    /// its process (the command line). Pango's first font map starts Fontconfig's default
    /// initialisation on a thread, which reads the system's configuration and font caches
    /// (about 25 million instructions) unless a default is already set. A library embedded in
    /// another program must not call this: the host's own text would lose the system fonts.
    /// Call it before the first `TextEngine` is made.
    public func makeProcessDefault() { FcConfigSetCurrent(config) }

    deinit {
        NativeTextLock.withLock {
            FcCharSetDestroy(coverage)
            FcConfigDestroy(config)
        }
    }

    /// Whether some bundled font draws `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool { FcCharSetHasChar(coverage, scalar.value) != 0 }

    /// The scalars of `text` that no bundled font can draw (whitespace and controls excepted),
    /// each once, in order of first appearance.
    public func uncoveredScalars(in text: String) -> [Unicode.Scalar] {
        var seen = Set<UInt32>()
        var result: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            // The coverage lookup is cheap; Unicode properties are not, so ask them only about
            // characters no font has.
            guard FcCharSetHasChar(coverage, scalar.value) == 0 else { continue }
            let p = scalar.properties
            if p.isWhitespace || p.generalCategory == .control || p.generalCategory == .format
                || scalar.value >= 0xFE00 && scalar.value <= 0xFE0F
            {
                continue
            }
            if seen.insert(scalar.value).inserted { result.append(scalar) }
        }
        return result
    }
}
