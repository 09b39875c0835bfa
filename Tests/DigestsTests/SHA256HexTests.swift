/// The one SHA-256 helper: known vectors, both cases, and a file read in blocks.
import Digests
import Foundation
import Testing

@Suite("SHA-256 as hex")
struct SHA256HexTests {
    /// FIPS 180-2's example "abc".
    private let abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"

    @Test("bytes give the standard's digest, lower-case, or upper-case for fingerprints")
    func vectors() {
        #expect(SHA256Hex.of(Array("abc".utf8)) == abc)
        #expect(SHA256Hex.of(Data("abc".utf8), uppercase: true) == abc.uppercased())
        #expect(SHA256Hex.of([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256Hex.digest(Array("abc".utf8)).count == 32)
        #expect(SHA256Hex.hex([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
    }

    @Test("a file longer than one block digests as its bytes do; an unreadable one is nil")
    func file() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sha256-\(getpid()).bin")
        defer { try? FileManager.default.removeItem(at: url) }
        let bytes = (0..<(3 << 19)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(bytes).write(to: url)
        #expect(SHA256Hex.of(file: url.path) == SHA256Hex.of(bytes))
        #expect(SHA256Hex.of(file: url.path + ".missing") == nil)
    }
}
