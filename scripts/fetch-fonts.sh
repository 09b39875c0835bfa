#!/usr/bin/env bash
# Copies the hermetic font set named in Fonts/fonts.lock into Fonts/ and checks
# every SHA-256, so that every machine renders with byte-identical fonts.
# The files come from Debian packages (scripts/install-deps.sh installs them).
# A lock line with a converted name stores the file under that name after
# scripts/otf-to-ttf.py (TrueType outlines, for speed) and checks the result's hash.
# Font files in Fonts/ that the lock does not name are removed.
set -euo pipefail
cd "$(dirname "$0")/.."

lock=Fonts/fonts.lock
status=0
wanted=()
while IFS=$'\t' read -r package source sha converted converted_sha; do
  case "$package" in ''|'#'*) continue ;; esac
  name=${converted:-$(basename "$source")}
  expected=${converted_sha:-$sha}
  target="Fonts/$name"
  wanted+=("$name")
  if [ -f "$target" ] && [ "$(sha256sum "$target" | cut -d' ' -f1)" = "$expected" ]; then
    continue
  fi
  if [ ! -f "$source" ]; then
    echo "fetch-fonts: $source is missing: install the Debian package $package (scripts/install-deps.sh)" >&2
    status=1; continue
  fi
  actual=$(sha256sum "$source" | cut -d' ' -f1)
  if [ "$actual" != "$sha" ]; then
    echo "fetch-fonts: $source has SHA-256 $actual, but $lock pins $sha (package $package changed version?)" >&2
    status=1; continue
  fi
  if [ -n "$converted" ]; then
    if ! /usr/bin/python3 -I -c "import fontTools" 2>/dev/null; then
      echo "fetch-fonts: converting $source needs Debian's python3-fonttools: install it (scripts/install-deps.sh)" >&2
      status=1; continue
    fi
    /usr/bin/python3 -I scripts/otf-to-ttf.py "$source" "$target.tmp"
    actual=$(sha256sum "$target.tmp" | cut -d' ' -f1)
    if [ "$actual" != "$converted_sha" ]; then
      rm -f "$target.tmp"
      echo "fetch-fonts: converting $source gave SHA-256 $actual, but $lock pins $converted_sha (python3-fonttools changed version?)" >&2
      status=1; continue
    fi
    mv "$target.tmp" "$target"
  else
    cp "$source" "$target.tmp" && mv "$target.tmp" "$target"
  fi
done < "$lock"

# Leftovers of an older lock (say, the .otf files the .ttf conversions replace).
for file in Fonts/*.otf Fonts/*.ttf Fonts/*.ttc; do
  [ -e "$file" ] || continue
  keep=0
  for name in "${wanted[@]}"; do [ "$(basename "$file")" = "$name" ] && keep=1; done
  [ $keep -eq 1 ] || rm -f "$file"
done
# The scan cache export-itinerary keeps here is checked against the directory's time by
# Fontconfig; dropping it whenever the set changed costs one scan and removes all doubt.
if [ "$(find Fonts -maxdepth 1 -newer Fonts/.fontconfig-cache -name '*.tt[fc]' 2>/dev/null | head -1)" != "" ]; then
  rm -rf Fonts/.fontconfig-cache
fi
exit $status
