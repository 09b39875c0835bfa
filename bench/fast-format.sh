#!/usr/bin/env bash
# What CFastFormat saves on the libraries at hand: callgrind's instruction count for one
# in-process export of each trip, with cairo's numbers through the fast path and through
# glibc's own snprintf (itinerary-bench --glibc-format). Counts, not times: the same on a busy
# machine. On Debian 13: scripts/debian13-test.sh -- bench/fast-format.sh [TRIP.json...]
# (the trips default to ../shared/bench-peers' 10-day and 120-day, else two of the project's).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "fast-format: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
scratch=${SCRATCH:-.build}   # .build-debian13 inside the Debian 13 root (scripts/debian13-test.sh sets it)
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product itinerary-bench >/dev/null
bench="$scratch/release/itinerary-bench"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export EXPORT_ITINERARY_HOME="$tmp/store"
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product export-itinerary >/dev/null
cli="$scratch/release/export-itinerary"
$cli entitlements init --bundle-id com.sportstime.app >/dev/null
$cli storekit-test enable >/dev/null
$cli storekit-test purchase com.sportstime.pro.annual >/dev/null
peers=../shared/bench-peers/trips
if [ $# -gt 0 ]; then trips=("$@")
elif [ -f "$peers/trip-120day.json" ]; then trips=("$peers/trip-10day.json" "$peers/trip-120day.json")
else trips=(Examples/midwest-mlb-10-day.json Tests/Fixtures/valid/long-366-days.json); fi
count() { valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$bench" --runs 1 "$@" 2>&1 >/dev/null | awk '/refs:/ {gsub(",", "", $NF); print $NF}'; }
echo "$(grep -o 'PRETTY_NAME="[^"]*"' /etc/os-release | cut -d'"' -f2); $("$cli" --version --verbose | sed -n 2p)"
printf "%-16s %16s %16s %8s\n" trip "fast path" "glibc" saved
for trip in "${trips[@]}"; do
  fast=$(count "$trip"); slow=$(count --glibc-format "$trip")
  printf "%-16s %16s %16s %7s%%\n" "$(basename "$trip" .json)" "$fast" "$slow" \
    "$(awk -v a="$fast" -v b="$slow" 'BEGIN {printf "%.1f", (b - a) * 100 / b}')"
done
