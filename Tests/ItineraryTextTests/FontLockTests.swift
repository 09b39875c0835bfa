/// Fonts/ checked against fonts.lock when it is loaded: a changed file stops the export with
/// its name (reproducibility; the mark's face does not come from these files at all).
import Foundation
import Testing
import TestSupport
@testable import ItineraryText

@Suite("Fonts checked against fonts.lock")
struct FontLockTests {
    /// A copy of Fonts/ with its lock.
    private func copy(_ name: String) throws -> URL {
        let dir = TestPaths.scratch(name)
        for file in try FileManager.default.contentsOfDirectory(atPath: TestPaths.fonts)
        where file.hasSuffix(".ttf") || file == "fonts.lock" {
            try FileManager.default.copyItem(
                atPath: TestPaths.fonts + "/" + file, toPath: dir.appendingPathComponent(file).path)
        }
        return dir
    }

    @Test("a pinned file with other bytes is refused, naming it; restored, the set loads again")
    func changedFile() throws {
        let dir = try copy("font-lock-changed")
        _ = try FontSet(directory: dir.path)
        let file = dir.appendingPathComponent("Inter-Medium.ttf")
        let original = try Data(contentsOf: file)
        var changed = original
        changed[changed.count - 1] ^= 0xFF
        try changed.write(to: file)
        do {
            _ = try FontSet(directory: dir.path)
            Issue.record("a changed Inter-Medium.ttf was loaded")
        } catch {
            guard case let .changed(path, actual, pinned) = error else { Issue.record("\(error)"); return }
            #expect(path == file.path)
            #expect(actual != pinned)
            #expect(error.description.contains("Inter-Medium.ttf differs from the one fonts.lock pins"), "\(error)")
        }
        try original.write(to: file)
        _ = try FontSet(directory: dir.path)
    }

    @Test("a fonts.lock replaced by something that pins no font is refused by name, never a set of no fonts")
    func spoiltLock() throws {
        let dir = try copy("font-lock-spoilt")
        let lock = dir.appendingPathComponent("fonts.lock")
        for text in ["{\"jobs\": []}\n", ""] {
            try Data(text.utf8).write(to: lock)
            #expect(throws: FontSetError.emptyLock(path: lock.path)) { try FontSet(directory: dir.path) }
        }
        #expect(
            FontSetError.emptyLock(path: lock.path).description.hasSuffix(
                "git checkout -- Fonts/fonts.lock, then make fonts)"))
    }

    @Test("a file put back with its old times is still hashed: its status-change time moved")
    func touchedBack() throws {
        let dir = try copy("font-lock-touch")
        _ = try FontSet(directory: dir.path)
        let file = dir.appendingPathComponent("Inter-Bold.ttf")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0x01
        // Same size, same modification time, written in place (same inode).
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: bytes)
        try handle.close()
        try FileManager.default.setAttributes(
            [.modificationDate: attributes[.modificationDate]!], ofItemAtPath: file.path)
        #expect(throws: FontSetError.self) { _ = try FontSet(directory: dir.path) }
    }

    @Test("the lock's pins: a converted name with the conversion's hash, else the source's")
    func pins() {
        let lock = """
            # comment
            fonts-inter\t/usr/share/fonts/opentype/inter/Inter-Regular.otf\taaa\tInter-Regular.ttf\tBBB
            fonts-noto-core\t/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf\tccc
            """
        #expect(
            FontLock.pins(lock: lock) == [
                FontLock.Pin(name: "Inter-Regular.ttf", sha256: "bbb"),
                FontLock.Pin(name: "NotoSans-Regular.ttf", sha256: "ccc"),
            ])
        // Written on Windows: the same pins, not one long line that pins nothing.
        #expect(FontLock.pins(lock: lock.replacingOccurrences(of: "\n", with: "\r\n")) == FontLock.pins(lock: lock))
        #expect(FontLock.pins(lock: "\n\n# only a comment\r\n\n").isEmpty)
    }
}
