/// Trip files read and validated: a path or standard input, bounded in size, then checked.
import Foundation
import ItineraryModel

extension Exporter {
    /// Reads a trip file (`-` for standard input) and validates it.
    public static func loadTrip(path: String) throws(ExportError) -> Trip {
        try decodeTrip(readTrip(path: path), name: path == "-" ? "<stdin>" : path)
    }

    /// The bytes of a trip file (`-` for standard input), refused past `TripLoader.maximumBytes`
    /// without holding more than the limit in memory.
    public static func readTrip(path: String) throws(ExportError) -> Data {
        let data: Data
        let name = path == "-" ? "<stdin>" : path
        do {
            if path.isEmpty { throw ExportError.unreadableInput(path: "\"\"", reason: "the path is empty") }
            if path == "-" {
                data = try readLimited(FileHandle.standardInput)
            } else {
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
                    throw ExportError.unreadableInput(path: path, reason: "it is a directory")
                }
                guard let handle = FileHandle(forReadingAtPath: path) else {
                    let reason = FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
                    throw ExportError.unreadableInput(path: path, reason: reason)
                }
                defer { try? handle.close() }
                data = try readLimited(handle)
            }
        } catch let error as ExportError {
            throw error
        } catch let error as CocoaError {
            let posix = (error.userInfo[NSUnderlyingErrorKey] as? NSError).map {
                String(cString: strerror(Int32($0.code)))
            }
            throw .unreadableInput(path: name, reason: (posix ?? "read error").lowercased())
        } catch {
            throw .unreadableInput(path: name, reason: "read error")
        }
        if data.count > TripLoader.maximumBytes {
            // Only the limit and one byte more were read: say what is known.
            // The file's size when it is a file that large; else (a stream, a device whose size
            // reads 0) one byte past the limit, which the message gives as "more than the limit".
            let size = path == "-" ? 0 : (fileSize(path) ?? 0)
            throw .invalidTrip(
                path: name, .tooLarge(bytes: size > TripLoader.maximumBytes ? size : TripLoader.maximumBytes + 1))
        }
        return data
    }

    /// Decodes and validates trip bytes; `name` is how messages call the input.
    public static func decodeTrip(_ data: Data, name: String) throws(ExportError) -> Trip {
        do {
            return try TripLoader.load(data)
        } catch {
            throw .invalidTrip(path: name, error)
        }
    }

    private static func fileSize(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
    }

    /// Reads at most one byte past the size limit, so a huge input is refused without being held in memory.
    private static func readLimited(_ handle: FileHandle) throws -> Data {
        var data = Data()
        while data.count <= TripLoader.maximumBytes {
            guard let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty else { break }
            data.append(chunk)
        }
        return data
    }
}
