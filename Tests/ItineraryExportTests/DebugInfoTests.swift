/// The program's debug information is DWARF 4 throughout: valgrind 3.19 (Debian 12's), which
/// `make bench` and `bench/startup.sh` count instructions with, gives up on a binary holding one
/// DWARF 5 unit, and clang writes DWARF 5 for C unless told otherwise (`Package.swift`).
import Foundation
import Testing
import TestSupport

@Suite("Debug information")
struct DebugInfoTests {
    @Test("every compilation unit of the program is DWARF 4 or older")
    func noDWARF5() throws {
        let versions = try Self.unitVersions(of: Data(contentsOf: URL(fileURLWithPath: TestPaths.executable)))
        #expect(!versions.isEmpty, "no .debug_info units")
        #expect(
            versions.allSatisfy { $0 <= 4 }, "versions: \(Dictionary(grouping: versions) { $0 }.mapValues(\.count))")
    }

    /// The DWARF version of each unit in the ELF file's `.debug_info`.
    static func unitVersions(of file: Data) throws -> [Int] {
        let bytes = [UInt8](file)
        func read(_ at: Int, _ count: Int) -> Int {
            (0..<count).reversed().reduce(0) { $0 << 8 | Int(bytes[at + $1]) }
        }
        guard bytes.count > 64, bytes[0..<4] == [0x7F, 0x45, 0x4C, 0x46], bytes[4] == 2 else { return [] }
        let sections = read(0x28, 8), entrySize = read(0x3A, 2), count = read(0x3C, 2), names = read(0x3E, 2)
        let nameTable = read(sections + names * entrySize + 0x18, 8)
        for index in 0..<count {
            let header = sections + index * entrySize
            let name = nameTable + read(header, 4)
            guard let end = bytes[name...].firstIndex(of: 0),
                String(decoding: bytes[name..<end], as: UTF8.self) == ".debug_info"
            else { continue }
            let start = read(header + 0x18, 8), size = read(header + 0x20, 8)
            var versions: [Int] = [], at = start
            while at + 6 <= start + size {
                var length = read(at, 4), headerLength = 4
                if length == 0xFFFF_FFFF { (length, headerLength) = (read(at + 4, 8), 12) }
                versions.append(read(at + headerLength, 2))
                at += headerLength + length
            }
            return versions
        }
        return []
    }
}
