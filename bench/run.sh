#!/usr/bin/env bash
# Benchmark: builds release, then for each example trip reports
#   - milliseconds per document end to end (the CLI as a process, median of RUNS runs),
#   - peak RSS of that process,
#   - pages per second and ms per document in-process (itinerary-bench renders N times),
#   - PDF bytes per page.
# It measures only; nothing here passes or fails on a time.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-15}
# The same flags as `make release`: the runtime linked in (faster start).
flags=${SWIFT_RELEASE_FLAGS:--c release --static-swift-stdlib}
swift build $flags --product export-itinerary >/dev/null
swift build $flags --product itinerary-bench >/dev/null
bin=.build/release/export-itinerary
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# PDF export is a Pro feature: a throwaway store with a local test purchase.
export EXPORT_ITINERARY_HOME="$tmp/store"
bin_setup=.build/release/export-itinerary
$bin_setup entitlements init --bundle-id com.sportstime.app >/dev/null
$bin_setup storekit-test enable >/dev/null
$bin_setup storekit-test purchase com.sportstime.pro.annual >/dev/null

echo "machine: $(nproc) cores, $(uname -m), $(date -u +%Y-%m-%d)"
echo
printf "%-26s %6s %14s %12s %12s\n" trip pages "ms/doc(CLI)" "peak RSS" "bytes/page"
for trip in Examples/*.json Tests/Fixtures/valid/long-366-days.json; do
  name=$(basename "$trip" .json)
  times=()
  for _ in $(seq "$RUNS"); do
    start=$(date +%s%N)
    "$bin" "$trip" "$tmp/$name.pdf" 2>/dev/null
    end=$(date +%s%N)
    times+=($(( (end - start) / 1000 )))
  done
  median=$(printf "%s\n" "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  rss=$(/usr/bin/time -f "%M" "$bin" "$trip" "$tmp/$name.pdf" 2>&1 >/dev/null | tail -1)
  pages=$(pdfinfo "$tmp/$name.pdf" | awk '/^Pages:/ {print $2}')
  bytes=$(stat -c %s "$tmp/$name.pdf")
  printf "%-26s %6d %14.1f %9d KiB %12d\n" "$name" "$pages" "$(awk "BEGIN {print $median/1000}")" "$rss" $(( bytes / pages ))
done
echo
echo "in-process (one exporter, fonts loaded once):"
.build/release/itinerary-bench --runs "${BENCH_RUNS:-20}" Examples/*.json Tests/Fixtures/valid/long-366-days.json
echo
echo "Pro gate on a large store (in-process; a CLI run pays the first check):"
.build/release/itinerary-bench --gate-store "${GATE_STORE:-10000}"
