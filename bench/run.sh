#!/usr/bin/env bash
# Benchmark: builds release, then for each example trip reports
#   - milliseconds per document end to end (the CLI as a process: median, fastest and
#     quartiles of RUNS runs; INSTRUCTIONS=1 adds callgrind instruction counts, which the
#     machine's noise does not move),
#   - peak RSS of that process,
#   - pages per second and ms per document in-process (itinerary-bench renders N times),
#   - PDF bytes per page.
# It measures only; nothing here passes or fails on a time.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-31}
# The same flags as `make release`: the runtime linked in (faster start).
flags=${SWIFT_RELEASE_FLAGS:--c release --static-swift-stdlib}
scratch=${SCRATCH:-.build}   # .build-debian13 inside the Debian 13 root (make bench sets it)
swift build $flags --scratch-path "$scratch" --product export-itinerary >/dev/null
swift build $flags --scratch-path "$scratch" --product itinerary-bench >/dev/null
bin=$scratch/release/export-itinerary
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# PDF export is a Pro feature: a throwaway store with a local test purchase.
export EXPORT_ITINERARY_HOME="$tmp/store"
bin_setup=$bin
$bin_setup entitlements init --bundle-id com.sportstime.app >/dev/null
$bin_setup storekit-test enable >/dev/null
$bin_setup storekit-test purchase com.sportstime.pro.annual >/dev/null

echo "machine: $(nproc) cores, $(uname -m), $(date -u +%Y-%m-%d); $RUNS runs per trip"
echo
printf "%-26s %6s %12s %9s %9s %12s %12s\n" trip pages "CLI median" fastest "p25-p75" "peak RSS" "bytes/page"
for trip in Examples/*.json Tests/Fixtures/valid/long-366-days.json; do
  name=$(basename "$trip" .json)
  read -r median fastest p25 p75 < <(/usr/bin/python3 bench/clitime.py "$RUNS" "$bin" "$trip" "$tmp/$name.pdf")
  rss=$(/usr/bin/time -f "%M" "$bin" "$trip" "$tmp/$name.pdf" 2>&1 >/dev/null | tail -1)
  pages=$(pdfinfo "$tmp/$name.pdf" | awk '/^Pages:/ {print $2}')
  bytes=$(stat -c %s "$tmp/$name.pdf")
  printf "%-26s %6d %9s ms %6s ms %9s %8d KiB %12d\n" "$name" "$pages" "$median" "$fastest" "$p25-$p75" "$rss" $(( bytes / pages ))
done

echo
bench/startup.sh "$bin"

# Instruction counts do not depend on the neighbours: the number to compare across sessions.
# The 10-day and 120-day trips of ../shared/bench-peers (the ones measured beside Typst) where
# that folder exists, else the 10-day example and the 366-day fixture. INSTRUCTIONS=0 skips them.
if [ "${INSTRUCTIONS:-1}" != 0 ] && command -v valgrind >/dev/null; then
  echo
  echo "instructions per CLI run (valgrind --tool=callgrind): all threads, and the main thread's, whose"
  echo "work is the run's critical path (the gate, QR codes, shape operators and deflating run beside it)"
  peers=../shared/bench-peers/trips
  if [ -f "$peers/trip-120day.json" ]; then counted=("$peers/trip-10day.json" "$peers/trip-120day.json")
  else counted=(Examples/midwest-mlb-10-day.json Tests/Fixtures/valid/long-366-days.json); fi
  for trip in "${counted[@]}"; do
    rm -f "$tmp"/cg.out*
    refs=$(valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$tmp/cg.out" "$bin" "$trip" "$tmp/i.pdf" 2>&1 \
      | awk '/refs:/ {print $NF}')
    main=$(awk '/^totals:/ {n = $2; s = ""; while (length(n) > 3) { s = "," substr(n, length(n) - 2) s; n = substr(n, 1, length(n) - 3) } print n s}' "$tmp/cg.out-01")
    printf "%-26s %16s total %16s main thread\n" "$(basename "$trip" .json)" "$refs" "$main"
  done
fi
echo
echo "in-process (one exporter, fonts loaded once; broken paragraphs kept between documents):"
"$scratch"/release/itinerary-bench --runs "${BENCH_RUNS:-20}" Examples/*.json Tests/Fixtures/valid/long-366-days.json
echo
echo "in-process, paragraph cache emptied before every document:"
"$scratch"/release/itinerary-bench --cold --runs "${BENCH_RUNS:-20}" Examples/*.json Tests/Fixtures/valid/long-366-days.json
echo
echo "Pro gate on a large store (in-process; a CLI run pays the first check):"
"$scratch"/release/itinerary-bench --gate-store "${GATE_STORE:-10000}"
