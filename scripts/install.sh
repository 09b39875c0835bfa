#!/usr/bin/env bash
# Installs export-itinerary under a prefix: the command in PREFIX/bin, and what it finds beside
# itself (Fonts/, Templates/, StoreKit/) in PREFIX/share/export-itinerary/, where the command
# looks for them (Sources/ItineraryExport/Resources.swift). Used by `make install`.
#
#   scripts/install.sh BINARY PREFIX [DESTDIR]
#
# With DESTDIR (a staging root for packaging) the files go to DESTDIR/PREFIX and nothing is run.
# Without it, the installed command then loads its fonts once (`validate --template classic`),
# which checks every font against Fonts/fonts.lock and leaves the font scan cached in the
# installed Fonts/.fontconfig-cache/, so that users who cannot write there start as fast.
set -euo pipefail

fail() { echo "install: $*" >&2; exit 1; }
[ $# -ge 2 ] && [ $# -le 3 ] || fail "usage: scripts/install.sh BINARY PREFIX [DESTDIR]"
binary=$1 prefix=$2 destdir=${3:-}
[ -x "$binary" ] || fail "$binary is not a built command (run make release first)"
case $prefix in /*) ;; *) fail "PREFIX must be an absolute path, not '$prefix'" ;; esac
# Paths as given, before the script moves to the repository.
binary=$(realpath "$binary")
[ -z "$destdir" ] || destdir=$(realpath -m "$destdir")
cd "$(dirname "$0")/.."

root="$destdir$prefix"
share="$root/share/export-itinerary"
install -d "$root/bin" "$share"
# A new copy beside the old, then renamed over it: a command running from the old copy keeps it.
install -m 755 "$binary" "$root/bin/.export-itinerary.new"
mv -f "$root/bin/.export-itinerary.new" "$root/bin/export-itinerary"
for dir in Fonts Templates StoreKit; do
  rm -rf "$share/$dir.new"
  mkdir -p "$share/$dir.new"
  # Everything the repository holds there but the font scan cache (made for this checkout's path).
  tar -C "$dir" --exclude=.fontconfig-cache -cf - . | tar -C "$share/$dir.new" -xf -
  chmod -R u=rwX,go=rX "$share/$dir.new"
  rm -rf "$share/$dir"
  mv "$share/$dir.new" "$share/$dir"
done

if [ -z "$destdir" ]; then
  # The record of checked fonts holds each file's status-change time, which a chmod changes: the
  # modes are final before the command records them, and the cache it writes is then made
  # readable (never the fonts again).
  env -u EXPORT_ITINERARY_FONTS -u EXPORT_ITINERARY_TEMPLATES -u EXPORT_ITINERARY_STOREKIT \
    "$root/bin/export-itinerary" validate --template classic >/dev/null ||
    fail "the installed command could not load its fonts and templates from $share"
  chmod -R go=rX "$share/Fonts/.fontconfig-cache"
fi
echo "installed $root/bin/export-itinerary, with its fonts, templates and StoreKit catalog in $share"
