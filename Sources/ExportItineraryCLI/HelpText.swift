/// The text of `export-itinerary --help`.

enum HelpText {
    static func text(for topic: String?) -> String {
        switch topic {
        case "entitlements", "paywall", "storekit-test": return entitlements
        default: return usage
        }
    }

    static let usage = """
    export-itinerary: turn a sports road-trip itinerary (trip.json) into a PDF to print and share.

    Usage:
      export-itinerary TRIP.json OUT.pdf [--template NAME|PATH] [--paper letter|a4]
      export-itinerary TRIP.json OUT.png [--page N] [--dpi D] [...]
      export-itinerary validate TRIP.json...
      export-itinerary entitlements status|import|init|trust-root ...   (see: help entitlements)
      export-itinerary paywall [--json]
      export-itinerary storekit-test enable|purchase|refund|expire|clear ...
      export-itinerary --help | --version

    Rendering:
      TRIP.json            the trip (format: docs/trip-format.md); - reads standard input
      OUT.pdf              written atomically: on any failure nothing appears there and an
                           existing file is left untouched
      --template NAME      a bundled design from Templates/ (default: classic)
      --template PATH      your own template file (a path, or a name ending in .json;
                           keys: docs/templates.md)
      --paper letter|a4    paper size (default: the template's)

    Previews:
      OUT.png              an output ending in .png gets one page as an image, laid out
                           exactly as in the PDF
      --page N             which page (default 1)
      --dpi D              resolution (default 144)

    Checking:
      validate TRIP.json...  validate files without rendering; lists every problem with its
                             JSON path, e.g. days[3].items[0].homeTeam: unknown team id "nyyy"

    Examples:
      export-itinerary Examples/midwest-mlb-10-day.json out/midwest.pdf
      export-itinerary trip.json trip-a4.pdf --paper a4
      export-itinerary trip.json cover.png --page 1 --dpi 96
      cat trip.json | export-itinerary - trip.pdf
      export-itinerary validate Examples/*.json

    Pro: PDF export is a Pro feature. Before anything is read or drawn, the local entitlement
    store must hold a current Pro entitlement (a verified App Store transaction); if not, the
    plans are shown and the exit code is 3. Restore purchases with 'entitlements import FILE'.
      --store DIR          the entitlement store (default: $EXPORT_ITINERARY_HOME, else
                           $XDG_DATA_HOME/export-itinerary, else ~/.local/share/export-itinerary)
      --catalog FILE       the StoreKit configuration (default: StoreKit/SportsTime.storekit)

    Output is reproducible: the same trip and version give the same bytes, whatever the clock,
    TZ or LANG. The PDF dates come from SOURCE_DATE_EPOCH when it is set, else from the trip's
    start date.

    Environment:
      SOURCE_DATE_EPOCH           seconds since 1970 for the PDF's creation date
      EXPORT_ITINERARY_FONTS      the bundled font directory (default: Fonts/ of the install)
      EXPORT_ITINERARY_TEMPLATES  the bundled template directory (default: Templates/)
      EXPORT_ITINERARY_HOME       the entitlement store directory
      EXPORT_ITINERARY_NOW        seconds since 1970 to judge entitlements at (demos, tests)

    Exit codes:
      0 ok · 1 other failure · 2 usage error · 3 Pro required · 4 invalid trip
      5 entitlement store problem · 6 output could not be written
    """

    static let entitlements = """
    export-itinerary entitlements: the local Pro entitlement store (StoreKit 2 rules, offline).

    PDF export is a Pro feature. The store keeps App Store signed transactions (JWS) and
    re-verifies them at every check: only verified, unrevoked, unexpired transactions of a Pro
    product (from the catalog) count. Nobody becomes Pro by editing a file.

    Usage:
      export-itinerary entitlements init --bundle-id ID [--environment E ...]
          set up the store: your app's bundle id and the environments to accept
          (Production, Sandbox, Xcode, LocalTesting; default Production)
      export-itinerary entitlements trust-root FILE
          trust a root certificate (DER or PEM), e.g. Apple Root CA - G3 (AppleRootCA-G3.cer)
      export-itinerary entitlements import FILE... [--json]
          restore purchases: a file of compact JWS (one per line), an App Store Server API
          response (signedTransactions, signedTransactionInfo, signedRenewalInfo) or a Server
          Notification V2 (signedPayload); a REFUND or REVOKE takes Pro away
      export-itinerary entitlements status [--json]
          Pro or not, and each product's state: subscribed, expired, inBillingRetryPeriod,
          inGracePeriod, revoked
      export-itinerary paywall [--json]
          the plans and what Pro includes

    Local testing (like Xcode's StoreKit Testing; for demos and tests):
      export-itinerary storekit-test enable       a local test CA inside the store; accepts LocalTesting
      export-itinerary storekit-test purchase PRODUCT_ID [--family-shared] [--expires-in 30d]
      export-itinerary storekit-test refund TRANSACTION_ID
      export-itinerary storekit-test expire TRANSACTION_ID
      export-itinerary storekit-test clear

    Every command takes --store DIR and --catalog FILE.

    Example (a throwaway store with a test purchase):
      export EXPORT_ITINERARY_HOME=$(mktemp -d)
      export-itinerary entitlements init --bundle-id com.sportstime.app
      export-itinerary storekit-test enable
      export-itinerary storekit-test purchase com.sportstime.pro.annual
      export-itinerary Examples/day-trip.json day-trip.pdf

    Exit codes: 0 ok · 1 failure · 2 usage · 3 Pro required · 5 store unreadable or corrupt
    """
}
