/// The data-driven rule that decides which products of a catalog are Pro.
/// Nothing here names a group or a product: both come from the file (see docs/catalog.md).

/// Chooses the Pro subscription group and recognises Pro non-consumables.
enum CatalogProRule {
    /// The optional `settings` key naming the Pro subscription group by its `name` or `id`.
    static let groupSettingKey = "_proSubscriptionGroup"

    /// A subscription group as far as the rule needs it.
    struct Group {
        let index: Int
        let name: String
        let id: String?
    }

    /// The index of the Pro group: the group named (or identified) by `settings._proSubscriptionGroup`
    /// when that is set, otherwise the only group. `setting` is the setting's node, if present.
    static func proGroupIndex(groups: [Group], setting: CatalogNode?, groupsPath: String) throws(CatalogError) -> Int {
        let listed = groups.map { "\"\($0.name)\"" }.joined(separator: ", ")
        if let setting {
            let wanted = try setting.nonEmptyString(expected: "the name or id of the Pro subscription group")
            let byName = groups.filter { $0.name == wanted }
            let matches = byName.isEmpty ? groups.filter { $0.id == wanted } : byName
            guard let match = matches.first else {
                throw setting.error(
                    "no subscription group has the name or id \"\(wanted)\" (groups: \(listed.isEmpty ? "none" : listed))"
                )
            }
            guard matches.count == 1 else {
                throw setting.error(
                    "\(matches.count) subscription groups are named \"\(wanted)\"; use the group's id instead")
            }
            return match.index
        }
        switch groups.count {
        case 1:
            return groups[0].index
        case 0:
            throw CatalogError(
                keyPath: groupsPath,
                message: "expected at least one subscription group (the one that sells Pro), got none")
        default:
            throw CatalogError(
                keyPath: "settings.\(groupSettingKey)",
                message: "required key is missing: the catalog has \(groups.count) subscription groups (\(listed)), "
                    + "so settings.\(groupSettingKey) must name the one that sells Pro")
        }
    }

    /// The namespace of a product ID: everything before its last "." (`com.example.pro.monthly` →
    /// `com.example.pro`); nil when there is no "." or nothing before it.
    static func namespace(of productID: String) -> String? {
        guard let dot = productID.lastIndex(of: "."), dot > productID.startIndex else { return nil }
        return String(productID[..<dot])
    }

    /// Whether a non-consumable is Pro: its namespace is the namespace of a Pro-group subscription.
    static func isProNonConsumable(_ productID: String, proNamespaces: Set<String>) -> Bool {
        guard let namespace = namespace(of: productID) else { return false }
        return proNamespaces.contains(namespace)
    }
}
