/// The text of `export-itinerary --help`.

enum HelpText {
    static func text(for topic: String?) -> String {
        switch topic {
        case "entitlements", "paywall", "storekit-test": return entitlements
        case "batch": return batch
        default: return usage
        }
    }

    static let usage = """
    export-itinerary: turn a sports road-trip itinerary (trip.json) into a PDF to print and share.

    Usage:
      export-itinerary TRIP.json OUT.pdf [--template NAME|PATH] [--paper letter|a4]
      export-itinerary TRIP.json OUT.png [--page N] [--dpi D] [...]
      export-itinerary validate TRIP.json...
      export-itinerary batch SOURCE... --out-dir DIR [...]               (see: help batch)
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
      7 batch: some jobs failed · 130 batch: interrupted
    """

    static let batch = """
    export-itinerary batch: export many trips at once, on every core, resumable, shardable.

    Usage:
      export-itinerary batch SOURCE... --out-dir DIR [options]
      export-itinerary batch merge-reports REPORT... [--report FILE]

    Sources (any mix):
      DIR                  every *.json below it, in sorted order; the PDFs keep the
                           directory structure (DIR/a/b.json -> OUT/a/b.pdf); names starting
                           with a dot are skipped
      TRIP.json            one trip; its PDF is OUT/TRIP.pdf
      JOBS.jsonl           a manifest, one job per line (paths relative to the manifest):
                           {"trip": "trips/a.json", "out": "2026/a.pdf", "template": "compact", "paper": "a4"}
                           only "trip" is required; a bad line, an unknown key or a missing
                           trip stops the batch before it starts, naming FILE:LINE
    Every output stays inside DIR: an absolute "out", "..", or a symbolic link leading out
    fails that job. Two jobs writing one file is a usage error before anything runs.

    Options:
      --out-dir DIR        where the PDFs go (created if missing)
      --jobs N             worker processes (default: the number of cores); each renders one
                           document at a time and keeps its fonts and templates loaded
      --template NAME|PATH the design for jobs that do not name one (default: classic)
      --paper letter|a4    the paper for jobs that do not name one (default: the template's)
      --report FILE        a JSON report: one entry per job (status ok, failed, skipped or
                           cancelled, reason, errors, pages, bytes, milliseconds) and totals
      --resume             skip a job whose PDF is there and up to date: same trip bytes,
                           template bytes, paper, program version, fonts and SOURCE_DATE_EPOCH
                           (recorded in DIR/.export-itinerary/ as each PDF is finished)
      --fail-fast          stop handing out jobs after the first failure
      --retries K          attempts after a worker dies or times out on a job (default 1)
      --job-timeout S      seconds a job may take before its worker is killed (default 120)
      --shard I/N          only the jobs of shard I (0-based) of N, chosen by a hash of each
                           output path: the N shards cover every job exactly once
      --shard auto         the shard of the job array this runs in: Slurm
                           (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT), Kubernetes Indexed
                           Jobs (JOB_COMPLETION_INDEX) or AWS Batch (AWS_BATCH_JOB_ARRAY_INDEX),
                           the last two with the count in EXPORT_ITINERARY_SHARDS
      --quiet              print only the summary line
      --store DIR, --catalog FILE   as for a single export

    The Pro gate is checked once, before anything is listed or created. Each PDF is
    byte-identical to the one 'export-itinerary TRIP.json OUT.pdf' makes, and is written
    atomically. A bad trip fails alone (its errors are printed and reported); a worker that
    crashes or hangs is replaced and its job tried again. The first Ctrl-C (or SIGTERM) lets
    running jobs finish and writes the report; a second stops them at once.

    merge-reports: the reports of a plan's shards as one (--report FILE), and whether every
    job of the plan appears in them exactly once.

    Examples:
      export-itinerary batch trips/ --out-dir pdfs/ --report report.json
      export-itinerary batch trips/ --out-dir pdfs/ --resume          # after a crash or an edit
      export-itinerary batch jobs.jsonl --out-dir pdfs/ --jobs 8 --fail-fast
      sbatch --array=0-3 --wrap 'export-itinerary batch trips/ --out-dir pdfs/ --shard auto --report r-$SLURM_ARRAY_TASK_ID.json'
      export-itinerary batch merge-reports r-*.json --report all.json

    Scaling beyond one machine: docs/scaling.md.

    Exit codes: 0 every job ok (or skipped) · 2 usage · 3 Pro required · 5 store problem
    6 output directory unusable · 7 some jobs failed (merge-reports: or missing)
    130 interrupted
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
