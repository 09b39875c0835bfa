/// Which build of the program this is, for the resume fingerprint: the version number alone
/// stays the same across rebuilds that change the PDFs.
import Digests
import Foundation
import ItineraryExport
import ItineraryText

enum ProgramIdentity {
    /// The version, the executable's GNU build ID (a hash of its contents the linker writes into
    /// it; read from a few kilobytes, where hashing the whole 80 MB file costs 50 ms and as much
    /// memory) or, lacking one, the SHA-256 of the file, the versions of the libraries and the
    /// time-zone database a PDF's bytes depend on (`Exporter.libraryVersions`), and the build IDs
    /// of those libraries as loaded: a rebuilt library with the same version number (a Debian
    /// security update), or libdeflate, which tells no version of its own, still changes it.
    static let current: String = {
        // The drawing libraries load at the first call into them (`CLazyLibraries`): loaded
        // here first, so that their build IDs are always in the identity.
        NativeLibraryLoading.loadNow()
        let path = "/proc/self/exe"
        let build =
            buildID(path).map { "build-id \($0)" }
            ?? FileManager.default.contents(atPath: path).map { "sha256 \(SHA256Hex.of($0))" } ?? "unknown"
        let libraries = Exporter.libraryVersions.map { "\($0.name) \($0.version)" }.joined(separator: ", ")
        let loaded = loadedLibraries().map { "\($0.name) \($0.buildID)" }.joined(separator: ", ")
        return "\(Exporter.version) \(build) \(libraries); \(loaded)"
    }()

    /// The shared libraries whose code decides a document's bytes: text, shaping, fonts, drawing,
    /// compression, QR codes and PNG.
    static let byteDeciding = [
        "libcairo.so", "libpixman-1.so", "libpango-1.0.so", "libpangocairo-1.0.so", "libpangoft2-1.0.so",
        "libharfbuzz.so", "libfreetype.so", "libfontconfig.so", "libdeflate.so", "libqrencode.so", "libpng16.so",
        "libz.so",
    ]

    /// The `byteDeciding` libraries this process has loaded (from `/proc/self/maps`), by file
    /// name, each with its GNU build ID (or `no-build-id`), sorted by name.
    static func loadedLibraries(maps: String = "/proc/self/maps") -> [(name: String, buildID: String)] {
        // (A /proc file says it is empty: read it to its end, not by its size.)
        guard let handle = FileHandle(forReadingAtPath: maps) else { return [] }
        defer { try? handle.close() }
        let text = String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
        var paths: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            let name = (path as NSString).lastPathComponent
            if paths[name] == nil, byteDeciding.contains(where: { name.hasPrefix($0) }) { paths[name] = path }
        }
        return paths.keys.sorted().map { ($0, buildID(paths[$0]!) ?? "no-build-id") }
    }

    /// The NT_GNU_BUILD_ID note of a 64-bit little-endian ELF file, as hex.
    static func buildID(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        func read(_ offset: UInt64, _ count: Int) -> [UInt8]? {
            guard count > 0, count <= 1 << 20, (try? handle.seek(toOffset: offset)) != nil,
                let data = try? handle.read(upToCount: count), data.count == count
            else { return nil }
            return Array(data)
        }
        func number(_ bytes: [UInt8], _ at: Int, _ size: Int) -> UInt64 {
            (0..<size).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
        }
        // ELF64, little-endian.
        guard let header = read(0, 64), header.starts(with: [0x7F, 0x45, 0x4C, 0x46, 2, 1]) else { return nil }
        let tableOffset = number(header, 32, 8), entrySize = Int(number(header, 54, 2)),
            entries = Int(number(header, 56, 2))
        guard entrySize >= 56, entries > 0, entries < 256, let table = read(tableOffset, entrySize * entries) else {
            return nil
        }
        for i in 0..<entries where number(table, i * entrySize, 4) == 4 {  // PT_NOTE
            let offset = number(table, i * entrySize + 8, 8), size = Int(number(table, i * entrySize + 32, 8))
            guard let notes = read(offset, size) else { continue }
            var at = 0
            while at + 12 <= notes.count {
                let nameSize = Int(number(notes, at, 4)), descSize = Int(number(notes, at + 4, 4)),
                    type = number(notes, at + 8, 4)
                let name = at + 12, desc = name + (nameSize + 3) / 4 * 4
                guard desc + descSize <= notes.count else { break }
                if type == 3, nameSize == 4, Array(notes[name..<name + 4]) == [0x47, 0x4E, 0x55, 0] {  // "GNU"
                    return SHA256Hex.hex(Array(notes[desc..<desc + descSize]))
                }
                at = desc + (descSize + 3) / 4 * 4
            }
        }
        return nil
    }
}
