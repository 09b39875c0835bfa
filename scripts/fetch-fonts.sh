#!/usr/bin/env bash
# Copies the hermetic font set named in Fonts/fonts.lock into Fonts/ and checks
# every SHA-256, so that every machine renders with byte-identical fonts.
# The files come from Debian packages (scripts/install-deps.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/.."

lock=Fonts/fonts.lock
status=0
while IFS=$'\t' read -r package source sha; do
  case "$package" in ''|'#'*) continue ;; esac
  target="Fonts/$(basename "$source")"
  if [ -f "$target" ] && [ "$(sha256sum "$target" | cut -d' ' -f1)" = "$sha" ]; then
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
  cp "$source" "$target.tmp" && mv "$target.tmp" "$target"
done < "$lock"
exit $status
