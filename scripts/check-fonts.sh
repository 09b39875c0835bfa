#!/usr/bin/env bash
# Checks the hermetic font set committed in Fonts/ against Fonts/fonts.lock: every file the lock
# names is there with the SHA-256 it pins, so every machine renders with the same font bytes.
# Nothing is installed or downloaded: the files are part of the repository (their licences are
# in Fonts/LICENSES/). scripts/import-fonts.sh is how they were made from Debian 12's packages.
set -euo pipefail
cd "$(dirname "$0")/.."

lock=Fonts/fonts.lock
status=0
while IFS=$'\t' read -r package source sha converted converted_sha; do
  case "$package" in ''|'#'*) continue ;; esac
  name=${converted:-$(basename "$source")}
  expected=${converted_sha:-$sha}
  target="Fonts/$name"
  if [ ! -f "$target" ]; then
    echo "check-fonts: $target is missing: restore it from the repository (git checkout -- Fonts)" >&2
    status=1; continue
  fi
  actual=$(sha256sum "$target" | cut -d' ' -f1)
  if [ "$actual" != "$expected" ]; then
    echo "check-fonts: $target has SHA-256 $actual, but $lock pins $expected: restore it (git checkout -- Fonts)" >&2
    status=1
  fi
done < "$lock"
# The scan cache export-itinerary keeps here is checked against the directory's time by
# Fontconfig; dropping it whenever a font file is newer costs one scan and removes all doubt.
if [ -d Fonts/.fontconfig-cache ] &&
   [ "$(find Fonts -maxdepth 1 -newer Fonts/.fontconfig-cache -name '*.tt[fc]' 2>/dev/null | head -1)" != "" ]; then
  rm -rf Fonts/.fontconfig-cache
fi
exit $status
