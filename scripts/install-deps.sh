#!/usr/bin/env bash
# Installs the Debian packages export-itinerary builds, tests and renders with,
# but only those that are missing, so a machine that has them needs no root.
set -euo pipefail

packages=(
  pkg-config
  libcairo2-dev libpango1.0-dev libfontconfig-dev libfribidi-dev   # rendering
  libfreetype-dev                                     # the test-entitlement mark's face, loaded from memory
  libsqlite3-dev libssl-dev                           # the entitlement store
  libqrencode-dev                                     # QR codes beside ticket and plan links
  libdeflate-dev                                      # the accessibility update rewrites content streams
  tzdata                                              # zone abbreviations (CDT, BST, JST) from /usr/share/zoneinfo
  python3 python3-fonttools                           # the mark's compiled-in face (scripts/mark-face.py), and
                                                      # tests that make damaged fonts (the fonts are in Fonts/)
  python3-jsonschema                                  # tests: examples and fixtures against docs/trip.schema.json
  poppler-utils qpdf                                  # golden tests: pdftoppm, pdftotext, qpdf --check
  zbar-tools                                          # tests: zbarimg decodes the printed QR codes
  time                                                # bench: peak RSS
  e2fsprogs                                           # tests: chattr +i makes a batch's output folder immutable mid-run
  dpkg-dev                                            # make deb: dpkg-shlibdeps works out the package's Depends
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
