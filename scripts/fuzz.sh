#!/usr/bin/env bash
# Fuzzes the inputs a user controls with libFuzzer: trips, templates, StoreKit catalogs and
# what `entitlements import` reads, and the PDF reader and writer the accessibility update is
# built on (fuzz-pdf: any bytes; what it writes must read back the same); fuzz-mark checks, for every template it makes, that the
# test-entitlement mark is drawn unchanged. Each target runs FUZZ_SECONDS (default 60) from seeds
# (Examples/, Tests/Fixtures/, Templates/, StoreKit/, ../shared's App Store vectors; for fuzz-pdf
# the saved PDFs of Tests/Fixtures/pdf/, cairo 1.16's and 1.18's, and qpdf's rewrites of them) and its
# regression fixtures in Fuzz/Regressions/TARGET/. A crash stops that target, its input is
# saved as Fuzz/Findings/TARGET-crash-*; copy it into Fuzz/Regressions/TARGET/ once fixed.
#   FUZZ_SECONDS=600 make fuzz       # longer
#   FUZZ_TARGETS="fuzz-trip" make fuzz
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${FUZZ_SECONDS:-60}
TARGETS=${FUZZ_TARGETS:-fuzz-trip fuzz-template fuzz-mark fuzz-catalog fuzz-import fuzz-pdf}
BUILD=${SCRATCH:-.build}/fuzz   # .build-debian13/fuzz inside the Debian 13 root
SHARED=../shared/conformance/app-store-server-library

echo "fuzz: building with -sanitize=fuzzer,address (a build of its own in $BUILD)"
for target in $TARGETS; do
  # lld: gold fails with an internal error on these objects.
  swift build --build-path "$BUILD" -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld --product "$target" 2>&1 \
    | grep -E "error|warning: unre" || true
  [ -x "$BUILD/debug/$target" ] || { echo "fuzz: building $target failed" >&2; exit 1; }
done

seeds() {
  case "$1" in
    fuzz-trip) ls Examples/*.json Tests/Fixtures/valid/*.json Tests/Fixtures/invalid/*.json ;;
    fuzz-template|fuzz-mark) ls Templates/*.json ;;
    fuzz-catalog) ls StoreKit/*.storekit ;;
    fuzz-import) [ -d "$SHARED" ] && ls "$SHARED"/mock_signed_data/* "$SHARED"/xcode/* ;;
    fuzz-pdf) ls Tests/Fixtures/pdf/*.pdf Tests/Fixtures/pdf/crafted/*.pdf "$BUILD/pdf-forms"/*.pdf ;;
  esac
}

# qpdf's forms of the saved PDFs (object and cross-reference streams or classic tables,
# compressed or not, QDF), as the PDF tests make them.
if [[ " $TARGETS " == *" fuzz-pdf "* ]] && command -v qpdf >/dev/null; then
  mkdir -p "$BUILD/pdf-forms"
  for pdf in Tests/Fixtures/pdf/*.pdf; do
    name=$(basename "$pdf" .pdf) n=0
    for form in "--object-streams=generate" "--object-streams=disable" "--stream-data=uncompress" "--qdf"; do
      n=$((n + 1))
      qpdf $form "$pdf" "$BUILD/pdf-forms/$name-$n.pdf" 2>/dev/null || [ $? -eq 3 ]
    done
  done
fi

mkdir -p Fuzz/Findings
status=0
for target in $TARGETS; do
  corpus="$BUILD/corpus/$target"
  mkdir -p "$corpus"
  for seed in $(seeds "$target" 2>/dev/null); do cp "$seed" "$corpus/" 2>/dev/null || true; done
  regressions="Fuzz/Regressions/$target"
  mkdir -p "$regressions"
  echo "fuzz: $target for ${SECONDS_EACH} s ($(ls "$corpus" | wc -l) inputs in the corpus)"
  # -detect_leaks=0: the leak checker takes the Swift runtime's and Foundation's one-time
  # allocations (lazy globals read from files) for leaks of the input that first touched them.
  if ! ASAN_OPTIONS=detect_leaks=0 "$BUILD/debug/$target" "$corpus" "$regressions" -max_total_time="$SECONDS_EACH" -rss_limit_mb=4096 -detect_leaks=0 \
       -max_len=65536 -timeout=20 -artifact_prefix="Fuzz/Findings/$target-" -print_final_stats=1 \
       > "$BUILD/$target.log" 2>&1; then
    echo "fuzz: $target FOUND A PROBLEM: $(grep -m1 -E 'ERROR|Fatal|deadly|timeout' "$BUILD/$target.log")" >&2
    ls Fuzz/Findings/"$target"-* 2>/dev/null >&2 || true
    status=1
  fi
  grep -E "stat::number_of_executed_runs|stat::new_units_added|cov:" "$BUILD/$target.log" | tail -3 | sed "s/^/fuzz: $target: /"
done
exit $status
