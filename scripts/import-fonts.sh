#!/usr/bin/env bash
# For maintainers changing the font set: makes the files of Fonts/ again from the Debian 12
# ("bookworm") packages Fonts/fonts.lock names, checking every SHA-256. Users never run this:
# the files are committed, and `make fonts` (scripts/check-fonts.sh) only checks them.
# Needs the packages installed (apt-get install fonts-inter fonts-noto-core fonts-nanum
# fonts-droid-fallback fonts-symbola python3-fonttools, on Debian 12: another release ships
# other versions, which this reports). A lock line with a converted name stores the file under
# that name after scripts/otf-to-ttf.py (TrueType outlines, for speed) and checks the result's
# hash. Font files in Fonts/ that the lock does not name are removed.
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
    echo "import-fonts: $source is missing: install the Debian 12 package $package" >&2
    status=1; continue
  fi
  actual=$(sha256sum "$source" | cut -d' ' -f1)
  if [ "$actual" != "$sha" ]; then
    echo "import-fonts: $source has SHA-256 $actual, but $lock pins $sha (another version of package $package: the lock pins Debian 12's)" >&2
    status=1; continue
  fi
  if [ -n "$converted" ]; then
    if ! /usr/bin/python3 -I -c "import fontTools" 2>/dev/null; then
      echo "import-fonts: converting $source needs Debian 12's python3-fonttools: install it" >&2
      status=1; continue
    fi
    /usr/bin/python3 -I scripts/otf-to-ttf.py "$source" "$target.tmp"
    actual=$(sha256sum "$target.tmp" | cut -d' ' -f1)
    if [ "$actual" != "$converted_sha" ]; then
      rm -f "$target.tmp"
      echo "import-fonts: converting $source gave SHA-256 $actual, but $lock pins $converted_sha (python3-fonttools changed version?)" >&2
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
