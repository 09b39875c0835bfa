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
func errorKey(_ object: [String: Any]) -> String? {
    do {
        _ = try TemplateLoader.load(JSONSerialization.data(withJSONObject: object))
        return nil
    } catch let error as TemplateError {
        return error.key
    } catch {
        return "unexpected \(error)"
    }
}
