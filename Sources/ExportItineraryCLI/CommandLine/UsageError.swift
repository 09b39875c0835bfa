import StrictJSON

/// A command line the program refuses before anything runs (exit 2), with its one-line message.
struct UsageError: Error, Equatable {
    var message: String
}

/// " (did you mean --template?)" for a word a few edits from a known one; the same measure the
/// trip and template readers use for unknown keys.
enum Suggestion {
    static func text(for word: String, among candidates: [String]) -> String {
        KeySuggestion.closest(to: word, among: candidates).map { " (did you mean \($0)?)" } ?? ""
    }
}
