import Entitlements
import Foundation
import Testing

@Suite("BoundedFile")
struct BoundedFileTests {
    private func file(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a regular file is read whole up to its limit, and refused by its size above it")
    func regularFiles() throws {
        let empty = try file([])
        defer { unlink(empty) }
        #expect(BoundedFile.read(empty, limit: 10) == .success(Data()))
        let three = try file([1, 2, 3])
        defer { unlink(three) }
        #expect(BoundedFile.read(three, limit: 3) == .success(Data([1, 2, 3])))
        #expect(BoundedFile.read(three, limit: 2) == .failure(.tooLarge(size: 3, limit: 2)))
        // Larger than one read's block (1 MiB): read in several.
        let big = [UInt8]((0..<(3 << 19)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let large = try file(big)
        defer { unlink(large) }
        #expect(BoundedFile.read(large, limit: 2 << 20) == .success(Data(big)))
    }

    @Test("a file with no size (a device) is read at most one block past the limit, then refused")
    func endlessFiles() {
        #expect(BoundedFile.read("/dev/zero", limit: 10) == .failure(.tooLarge(size: nil, limit: 10)))
        #expect(BoundedFile.read("/dev/null", limit: 10) == .success(Data()))
        #expect(BoundedFile.read("/", limit: 10) == .failure(.directory))
    }
}
