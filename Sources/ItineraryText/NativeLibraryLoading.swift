/// Loading the drawing libraries ahead of the first drawing.
import BackgroundThreads
import CCairo
import CLazyLibraries

/// cairo, Pango and what they stand on are loaded at the first call into them
/// (`Sources/CLazyLibraries`): about 13 million instructions, on whichever thread draws first.
public enum NativeLibraryLoading {
    /// Starts loading them on a thread of its own and returns at once, for a caller that is
    /// about to wait for something else (the gate's answer) before its first drawing. Loading
    /// touches no font and draws nothing; a first call made before it ends waits for it. When
    /// no thread can be started, nothing happens: the first call loads them, as always.
    public static func startInBackground() {
        ccl_loading_begins(0)
        _ = startDetachedThread { ccairo_load_libraries() }
    }

    /// Waits until every group of lazily loaded libraries whose loading has begun on some
    /// thread is loaded (at once when none is loading): for a process about to exit. An exit
    /// that runs while another thread runs a library's constructors can abort the process
    /// (GLib's type system asserts) instead of ending it with its status: a refused export
    /// exits while the drawing libraries are still loading beside the gate's question.
    public static func settle() { ccl_settle() }

    /// Loads them now, on this thread (at once when they are loaded already): for a caller that
    /// reads which libraries the process has loaded (`ProgramIdentity`).
    public static func loadNow() { ccairo_load_libraries() }
}
