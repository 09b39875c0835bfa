/// The temporaries a hard kill leaves: a worker killed while writing (SIGKILL, the node lost,
/// `scancel`) leaves `.NAME.pdf.tmp-XXXXXX`, a whole PDF's size, beside the output it was
/// writing. A batch starting on a directory removes those of its own outputs.
#if canImport(Glibc)
import Glibc
#endif
import ItineraryExport

enum StaleTemporaries {
    /// Removes the temporaries of `targets` (the plan's resolved output paths) that no live
    /// writer holds, and returns how many went. Each directory is read once. Only names of the
    /// form `AtomicFile` makes for one of these outputs are looked at, and of those only a
    /// regular file whose lock (`flock`) nobody holds is removed (`AtomicFile.removeIfStale`):
    /// a single-file export writing one of these outputs right now keeps its temporary.
    static func remove(besides targets: some Sequence<String>) -> Int {
        var prefixes: [PathKey: Set<[UInt8]>] = [:]
        for target in targets {
            guard let slash = target.utf8.lastIndex(of: 0x2F) else { continue }
            let directory = String(target[..<slash])
            let name = String(target[target.utf8.index(after: slash)...])
            prefixes[PathKey(directory.isEmpty ? "/" : directory), default: []].insert(
                Array(AtomicFile.temporaryPrefix(for: name).utf8))
        }
        let randomPart = 6
        var removed = 0
        for (directory, wanted) in prefixes {
            let path = directory.description
            guard let dir = opendir(path) else { continue }
            var stale: [String] = []
            while let entry = readdir(dir) {
                let name = DirectoryEntry.name(entry)
                guard name.count > randomPart, name.first == 0x2E, wanted.contains(Array(name.dropLast(randomPart)))
                else { continue }
                stale.append(path + "/" + String(decoding: name, as: UTF8.self))
            }
            closedir(dir)
            for file in stale where AtomicFile.removeIfStale(file) { removed += 1 }
        }
        return removed
    }
}
