/// Fuzz target: PDFRewrite on any bytes. A file it reads is read whole (every object, the page
/// tree, the structure tree's kids), written again as one revision, and what it writes must read
/// back with the same catalog and the same objects: anything else stops the run.
import Foundation
import FuzzSupport
import PDFRewrite

func fuzzOne(_ data: Data) {
    guard let file = try? PDFFile(Array(data)) else { return }
    for number in file.entries.indices where number > 0 { _ = try? file.object(number) }
    if let catalog = try? file.object(file.root.number).value.dictionary {
        _ = try? PageTree.pages(file, catalog: catalog)
        _ = try? StructureTree(file, catalog: catalog)
    }
    for number in file.entries.indices where number > 0 {
        if let stream = (try? file.object(number))?.stream { _ = try? file.decodedData(stream) }
    }
    // A file whose objects do not all read is refused by the rewrite (an error, never a crash).
    guard let written = try? Revision(file).write() else { return }
    guard let again = try? PDFFile(written) else { fatalError("a rewritten file does not read back") }
    guard (try? again.object(again.root.number).value) == (try? file.object(file.root.number).value) else {
        fatalError("a rewritten file's catalog differs from the original's")
    }
    for number in file.entries.indices where number > 0 && !file.bookkeeping.contains(number) {
        guard let before = try? file.object(number) else { continue }
        guard let after = try? again.object(number), same(before, in: file, as: after, in: again) else {
            fatalError("object \(number) reads differently after the rewrite")
        }
    }
}

/// The same object: equal values, and for a stream the same decoded data and dictionary but for
/// how it is stored (the rewrite deflates a plain stream: `/Length`, `/Filter`, `/DecodeParms`).
func same(_ a: IndirectObject, in fileA: PDFFile, as b: IndirectObject, in fileB: PDFFile) -> Bool {
    guard let streamA = a.stream else { return b.stream == nil && a.value == b.value }
    guard let streamB = b.stream, var dictionaryA = a.value.dictionary, var dictionaryB = b.value.dictionary else {
        return false
    }
    for key: PDFName in ["Length", "Filter", "DecodeParms"] {
        dictionaryA[key] = nil
        dictionaryB[key] = nil
    }
    guard dictionaryA == dictionaryB else { return false }
    // A stream this module cannot decode is copied as it is.
    guard let dataA = try? fileA.decodedData(streamA) else { return true }
    return (try? fileB.decodedData(streamB)) == dataA
}

@main struct Main {
    static func main() { exit(FuzzEntry.main(fuzzOne)) }
}
