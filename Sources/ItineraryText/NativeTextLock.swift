/// One lock for all Pango, cairo and Fontconfig work in the process.
import Foundation

/// Serialises the native text and drawing libraries across threads.
///
/// Every exporter has its own font set, font map and text engine, yet they share process-wide
/// state underneath: cairo 1.16's FreeType faces (it keeps at most ten open and closes others
/// on demand), its font caches and Fontconfig's mapped caches. Documents with many fallback
/// fonts rendered on several threads at once crashed inside cairo's glyph loading (about one
/// run in two of a six-thread stress test, with the CFF and the TrueType Inter alike), so
/// layout, drawing and the making and freeing of engines and font sets take this lock. The
/// command renders one document and never waits on it; a batch on several threads gets
/// correct output one document at a time (use processes to use more cores).
///
/// It is taken inside, not by convention: every public `TextEngine` call, `FontSet`'s making
/// and freeing, `ItineraryLayoutEngine.layout` and the PDF and PNG renderers take it (it is
/// recursive, so the layout's own measurements re-enter it cheaply). No caller can measure or
/// draw unlocked; one that wants a whole document atomic (`Exporter`) holds it around both.
public enum NativeTextLock {
    private static let theLock = NSRecursiveLock()

    /// Takes the lock (recursive); pair with `unlock()`, e.g. `lock(); defer { unlock() }`.
    public static func lock() { theLock.lock() }
    public static func unlock() { theLock.unlock() }

    /// Runs `body` holding the lock.
    public static func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        theLock.lock()
        defer { theLock.unlock() }
        return try body()
    }
}
