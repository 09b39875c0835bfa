#!/usr/bin/env bash
# Batch benchmark: builds release, makes a throwaway Pro store, then bench/batch.py measures
# batch export (documents/s and pages/s at --jobs 1 and 2, peak RSS per worker and in total,
# cost per document against the single-file command, RSS as the batch grows, planning of a
# large --resume). DOCS (1000), SINGLE (100), BIG (10000, 0 to skip), PLAN (100000, 0 to
# skip) and REPS (3 runs of each --jobs) size it. It measures only; nothing passes or fails on a time.
set -euo pipefail
cd "$(dirname "$0")/.."
flags=${SWIFT_RELEASE_FLAGS:--c release --static-swift-stdlib}
scratch=${SCRATCH:-.build}   # .build-debian13 inside the Debian 13 root (make bench-batch sets it)
swift build $flags --scratch-path "$scratch" --product export-itinerary >/dev/null
bin=$PWD/$scratch/release/export-itinerary
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export EXPORT_ITINERARY_HOME="$tmp/store"
$bin entitlements init --bundle-id com.sportstime.app >/dev/null
$bin storekit-test enable >/dev/null
$bin storekit-test purchase com.sportstime.pro.annual >/dev/null
echo "machine: $(nproc) cores, $(uname -m), $(date -u +%Y-%m-%d)"
/usr/bin/python3 bench/batch.py "$bin" "$tmp"
