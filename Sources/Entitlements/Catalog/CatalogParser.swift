/// Turns .storekit JSON into a `StoreKitCatalog`.
import Foundation

enum CatalogParser {
    static let defaultLocale = "en_US"

    static func parse(_ data: Data) throws(CatalogError) -> StoreKitCatalog {
        let root = try CatalogNode.root(of: data)
        guard case .object = root.value else {
            throw CatalogError(
                keyPath: "",
                message:
                    "not a StoreKit configuration file: expected a JSON object at the top level, got \(root.value.kindDescription)"
            )
        }
        let settings = try root.optional("settings")
        if let settings { _ = try settings.object() }
        let locale =
            try settings?.optional("_locale")?.nonEmptyString(expected: "a locale identifier like \"en_US\"")
            ?? defaultLocale
        let storefront = try settings?.optional("_storefront")?.nonEmptyString(
            expected: "a storefront code like \"USA\"")

        var productIDs = CatalogProductIDRegistry()

        // Subscription groups: every subscription's product ID, then the Pro group's plans.
        let groupsNode = try root.required("subscriptionGroups", expected: "an array of subscription groups")
        let groupNodes = try groupsNode.elements()
        var groups: [CatalogProRule.Group] = []
        for (index, group) in groupNodes.enumerated() {
            let name = try group.required("name", expected: "the subscription group's name")
                .nonEmptyString(expected: "the subscription group's name")
            let id = try group.optionalString("id")
            groups.append(.init(index: index, name: name, id: id))
            for subscription in try group.optionalElements("subscriptions") {
                try productIDs.register(subscription)
            }
        }
        let proIndex = try CatalogProRule.proGroupIndex(
            groups: groups, setting: try settings?.optional(CatalogProRule.groupSettingKey),
            groupsPath: groupsNode.path.text)
        let proGroup = groupNodes[proIndex]
        let subscriptionNodes = try proGroup.optionalElements("subscriptions")
        guard !subscriptionNodes.isEmpty else {
            throw CatalogError(
                keyPath: proGroup.path.key("subscriptions").text,
                message: "the Pro subscription group \"\(groups[proIndex].name)\" has no subscriptions")
        }
        var plans = try subscriptionNodes.map { (node) throws(CatalogError) in
            try plan(node, kind: .autoRenewableSubscription, locale: locale)
        }
        let proNamespaces = Set(plans.compactMap { CatalogProRule.namespace(of: $0.productID) })

        // Consumables and non-consumables: non-consumables in the Pro namespace are Pro.
        for product in try root.optionalElements("products") {
            let productID = try productIDs.register(product)
            let type = try product.required("type", expected: "\"Consumable\" or \"NonConsumable\"").string()
            if type == "NonConsumable", CatalogProRule.isProNonConsumable(productID, proNamespaces: proNamespaces) {
                plans.append(try plan(product, kind: .nonConsumable, locale: locale))
            }
        }
        for product in try root.optionalElements("nonRenewingSubscriptions") {
            try productIDs.register(product)
        }

        let groupLocalizations = try proGroup.optionalElements("localizations").map {
            (node) throws(CatalogError) in try CatalogLocalization(node)
        }
        let groupName = groups[proIndex].name
        return StoreKitCatalog(
            identifier: try root.optionalString("identifier"),
            locale: locale,
            storefront: storefront,
            proGroupName: groupName,
            proGroupDisplayName: CatalogLocalization.best(of: groupLocalizations, for: locale)?.displayName?
                .catalogNonBlank
                ?? groupName,
            proGroupID: groups[proIndex].id,
            proProductIDs: Set(plans.map(\.productID)),
            plans: plans,
            allProductIDs: productIDs.all,
            priceFormat: CatalogPriceFormat(localeIdentifier: locale, storefront: storefront))
    }

    /// A Pro plan from a subscription or non-consumable node.
    static func plan(_ node: CatalogNode, kind: Plan.Kind, locale: String) throws(CatalogError) -> Plan {
        let productID = try node.required("productID", expected: "a product ID string").nonEmptyString(
            expected: "a product ID string")
        let referenceName = try node.required("referenceName", expected: "the product's reference name")
            .nonEmptyString(expected: "the product's reference name")
        let price = try CatalogPrice.read(from: node)
        var period: SubscriptionPeriod?
        if kind == .autoRenewableSubscription {
            let expectation = "an ISO 8601 period like \"P1M\" (P1W, P1M, P2M, P3M, P6M, P1Y)"
            let periodNode = try node.required("recurringSubscriptionPeriod", expected: expectation)
            let text = try periodNode.string(expected: expectation)
            guard let parsed = SubscriptionPeriod(iso8601: text) else {
                throw periodNode.error("expected \(expectation), got \"\(text)\"")
            }
            period = parsed
        }
        let familyShareable = try node.optional("familyShareable")?.bool() ?? false
        let localizations = try node.optionalElements("localizations").map {
            (entry) throws(CatalogError) in try CatalogLocalization(entry)
        }
        let localized = CatalogLocalization.best(of: localizations, for: locale)
        return Plan(
            productID: productID,
            referenceName: referenceName,
            displayName: localized?.displayName?.catalogNonBlank ?? referenceName,
            description: localized?.description ?? "",
            displayPrice: price,
            period: period,
            familyShareable: familyShareable,
            kind: kind)
    }
}

/// Every product ID of the file, each allowed once.
struct CatalogProductIDRegistry {
    private(set) var all: Set<String> = []
    private var firstSeenAt: [String: String] = [:]

    /// Records the node's `productID`; a repeated ID is an error naming both places.
    @discardableResult
    mutating func register(_ product: CatalogNode) throws(CatalogError) -> String {
        let node = try product.required("productID", expected: "a product ID string")
        let productID = try node.nonEmptyString(expected: "a product ID string")
        if let earlier = firstSeenAt[productID] {
            throw node.error("duplicate product ID \"\(productID)\" (also at \(earlier))")
        }
        firstSeenAt[productID] = node.path.text
        all.insert(productID)
        return productID
    }
}
