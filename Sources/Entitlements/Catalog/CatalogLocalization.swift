/// Picking the localization of a product or group for the catalog's locale.

/// One entry of a `localizations` array.
struct CatalogLocalization {
    let locale: String
    let displayName: String?
    let description: String?

    /// Reads a `localizations` entry; every field is optional except that present ones must be strings.
    init(_ node: CatalogNode) throws(CatalogError) {
        locale = try node.optionalString("locale") ?? ""
        displayName = try node.optionalString("displayName")
        description = try node.optionalString("description")
    }

    /// The localization for `locale`: an exact match (ignoring case and `-` versus `_`),
    /// else the first one with the same language, else nil.
    static func best(of localizations: [CatalogLocalization], for locale: String) -> CatalogLocalization? {
        let wanted = normalized(locale)
        if let exact = localizations.first(where: { normalized($0.locale) == wanted }) { return exact }
        let language = languageCode(wanted)
        return localizations.first { languageCode(normalized($0.locale)) == language }
    }

    private static func normalized(_ identifier: String) -> String {
        identifier.replacingOccurrences(of: "-", with: "_").lowercased()
    }

    private static func languageCode(_ normalizedIdentifier: String) -> Substring {
        normalizedIdentifier.split(separator: "_", omittingEmptySubsequences: false).first ?? ""
    }
}

extension String {
    /// Nil when the string is empty or only whitespace.
    var catalogNonBlank: String? {
        isCatalogBlank ? nil : self
    }

    /// Empty or only white space and line breaks: what `.whitespacesAndNewlines` holds, which is
    /// Unicode's White_Space and the zero-width space. Not `trimmingCharacters(in:)`, which on
    /// Linux goes through `NSString` and copies the text (about 0.8 M instructions for the
    /// catalog's first few strings).
    var isCatalogBlank: Bool {
        unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0 == "\u{200B}" }
    }
}
