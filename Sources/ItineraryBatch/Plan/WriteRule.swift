/// The files no write of a batch may land on: what the plan reads, the program's own files, the
/// entitlement store and its catalog.
import StrictJSON
import Foundation
import ItineraryExport
#if canImport(Glibc)
import Glibc
#endif

/// What every file the batch writes, renames or removes must not be: an input of the plan (a
/// source, a trip, a template, an input report of `merge-reports`), a file of the program's
/// installation, the entitlement store or the catalog. Files are known by device and inode
/// (so every name and link of one counts), folders by their real path (a file not made yet
/// inside one counts too).
struct WriteRule: Sendable {
    /// Kept files, with how messages name them ("the trip of trips/a.json").
    private(set) var files: [FileKey: String] = [:]
    /// Kept folders: their real path's bytes and how messages name them.
    private(set) var folders: [(canonical: [UInt8], what: String)] = []
    /// Kept folders by device and inode: a bind mount or any other second path to one is the
    /// same folder (`claim(folder:)`).
    private(set) var folderKeys: [FileKey: String] = [:]

    /// `inputs`: the plan's files (`BatchPlan.inputs`); `kept`: the store, the catalog, the
    /// installation (`KeptPath.installation`). The first name given for a file stands.
    init(inputs: [FileKey: String] = [:], kept: [KeptPath]) {
        files = inputs
        for item in kept {
            if item.isDirectory {
                let what = "inside \(item.what) \(MessageText.path(item.path))"
                folders.append((FileIdentity(item.path).canonical, what))
                if let key = FileKey(path: item.path) { folderKeys[key] = what }
            } else if let key = FileKey(path: item.path), files[key] == nil {
                files[key] = "\(item.what) \(MessageText.path(item.path))"
            }
        }
    }

    /// What the file with status `info` is, when it is kept.
    func claim(_ info: stat) -> String? { files[FileKey(info)] }

    /// What kept folder the open directory `folder` is, or lies inside, at any depth: the
    /// folder and each of its parents (`..`, through the handle, never a path) compared by
    /// device and inode, up to the root. Asked at the moment of a write, so that neither a link
    /// planted since the check nor a bind mount of the store or the installation leads a write
    /// into them.
    func claim(folder: DirectoryHandle) -> String? {
        guard !folderKeys.isEmpty else { return nil }
        var current = dup(folder.fd)
        guard current >= 0 else { return nil }
        defer { close(current) }
        var info = stat()
        // A folder nested deeper than this is not a folder anyone made by hand: stop there.
        for _ in 0..<4096 {
            guard fstat(current, &info) == 0 else { return nil }
            if let what = folderKeys[FileKey(info)] { return what }
            let parent = openat(current, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard parent >= 0 else { return nil }
            var above = stat()
            guard fstat(parent, &above) == 0, FileKey(above) != FileKey(info) else {
                close(parent)
                return nil
            }
            close(current)
            current = parent
        }
        return nil
    }

    /// What `path` is (an existing file, by inode, links followed) or lies inside (a kept
    /// folder, by real path), when it is kept.
    func claim(path: String) -> String? {
        let identity = FileIdentity(path)
        if let key = identity.key, let what = files[key] { return what }
        return folders.first { identity.isInside(canonical: $0.canonical) || identity.canonical == $0.canonical }?.what
    }
}

extension KeptPath {
    /// The program's installation: the folders it reads its fonts, templates and StoreKit
    /// catalog from, and its executable. A report or PDF over `Fonts/fonts.lock` or an unused
    /// template would break the next run with a message naming no cause.
    public static func installation(fontsDirectory: String, templatesDirectory: String) -> [KeptPath] {
        let storeKit = PathText.parent(ProAccess.defaultCatalogPath())
        return [
            KeptPath(fontsDirectory, "the program's fonts", isDirectory: true),
            KeptPath(templatesDirectory, "the program's templates", isDirectory: true),
            KeptPath(storeKit.isEmpty ? "." : storeKit, "the program's StoreKit folder", isDirectory: true),
            KeptPath(Resources.executablePath, "the program itself"),
        ]
    }
}
