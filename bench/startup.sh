#!/usr/bin/env bash
# Start-up: what a command costs before it does its work, as a whole process. For each of
# `--version`, `validate` of the day-trip example and `entitlements status` (on a store with one
# test purchase): the median and fastest of RUNS (15) runs in milliseconds, and callgrind's
# instruction count (which the machine's neighbours do not move; INSTRUCTIONS=0 skips it).
#   bench/startup.sh [BINARY]     (default: .build/release/export-itinerary; make bench runs it)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/export-itinerary}
runs=${RUNS:-15}
[ -x "$bin" ] || { echo "startup: no $bin (make release first)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export EXPORT_ITINERARY_HOME="$tmp/store"
"$bin" entitlements init --bundle-id com.sportstime.app >/dev/null
"$bin" storekit-test enable >/dev/null
"$bin" storekit-test purchase com.sportstime.pro.annual >/dev/null

# Instructions: all threads', and the main thread's (the command's critical path: the gate's
# OpenSSL warm-up runs beside it).
printf "%-26s %10s %9s %16s %16s\n" "start-up" median fastest instructions "main thread"
for command in "--version" "validate Examples/day-trip.json" "entitlements status"; do
  # shellcheck disable=SC2086  # the command's words are meant to split
  read -r median fastest _ _ < <(/usr/bin/python3 bench/clitime.py "$runs" "$bin" $command)
  count="-" main="-"
  if [ "${INSTRUCTIONS:-1}" != 0 ] && command -v valgrind >/dev/null; then
    rm -f "$tmp"/cg.out*
    # shellcheck disable=SC2086
    count=$(valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$tmp/cg.out" "$bin" $command \
      2>&1 >/dev/null | awk '/refs:/ {print $NF}')
    main=$(awk '/^summary:/ {print $2; exit}' "$tmp/cg.out-01" 2>/dev/null | sed -e ':a' -e 's/\B[0-9]\{3\}\>/,&/' -e 'ta')
  fi
  label=${command/ Examples\/day-trip.json/ (a 1-day trip)}
  printf "%-26s %7s ms %6s ms %16s %16s\n" "$label" "$median" "$fastest" "$count" "$main"
done
