/// Editing the classic template as plain JSON, to test what the loader says about each key.
import Foundation
import ItineraryLayout
import Testing
import TestSupport

/// Templates/classic.json as a JSON object.
func classic() throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.templates + "/classic.json"))
    return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
}

/// The key named by the error that loading `object` gives, or nil when it loads.
func errorKey(_ object: [String: Any]) -> String? { loadFailure(object)?.key }

/// The whole error (`key: message`) that loading `object` gives, or nil when it loads.
func errorText(_ object: [String: Any]) -> String? { loadFailure(object)?.text }

private func loadFailure(_ object: [String: Any]) -> (key: String, text: String)? {
    do {
        _ = try TemplateLoader.load(JSONSerialization.data(withJSONObject: object))
        return nil
    } catch let error as TemplateError {
        return (error.key, error.description)
    } catch {
        return ("unexpected \(error)", "unexpected \(error)")
    }
}

/// `object` with the value at a dotted path replaced (nil removes it).
func with(_ object: [String: Any], _ path: String, _ value: Any?) -> [String: Any] {
    var keys = path.split(separator: ".").map(String.init)
    let last = keys.removeLast()
    func set(_ o: [String: Any], _ rest: ArraySlice<String>) -> [String: Any] {
        var o = o
        if let k = rest.first {
            o[k] = set(o[k] as? [String: Any] ?? [:], rest.dropFirst())
        } else {
            o[last] = value
        }
        return o
    }
    return set(object, keys[...])
}
