#!/usr/bin/env bash
# Builds a Debian package of export-itinerary with the layout `make install PREFIX=/usr` gives:
# the command in /usr/bin, its fonts, templates and StoreKit catalog in /usr/share/export-itinerary/.
# Used by `make deb`.
#
#   scripts/make-deb.sh BINARY OUTDIR
#
# The package's Depends is what dpkg-shlibdeps finds the binary links (qrencode, libdeflate, …),
# each at the least version its symbols need, and the libraries it loads at the first call into
# them (cairo, Pango, fontconfig, FriBidi, …, OpenSSL's libcrypto and SQLite), as their packages'
# shlibs files name them, so that apt installs them on a node that has none. A binary that links a library no Debian package
# holds (the Swift runtime of a debug build, from the toolchain) is refused: `make deb` builds
# with --static-swift-stdlib. EXPORT_ITINERARY_DEB_UNPACKAGED=1 lets such libraries through,
# left out of Depends (the tests package their debug build that way, on a machine with Swift).
#
# After installing, the package's postinst loads the fonts once (`validate --template classic`),
# which checks each against Fonts/fonts.lock and caches the font scan in
# /usr/share/export-itinerary/Fonts/.fontconfig-cache/; its prerm removes that cache.
set -euo pipefail

fail() { echo "make-deb: $*" >&2; exit 1; }
[ $# -eq 2 ] || fail "usage: scripts/make-deb.sh BINARY OUTDIR"
binary=$(realpath "$1") outdir=$(realpath -m "$2")
[ -x "$binary" ] || fail "$1 is not a built command (run make release first)"
for tool in dpkg-deb dpkg-shlibdeps dpkg-architecture; do
  command -v "$tool" >/dev/null || fail "$tool is missing (apt-get install dpkg-dev)"
done
cd "$(dirname "$0")/.."

version=$("$binary" --version | awk '{print $2}')
[[ $version =~ ^[0-9][0-9A-Za-z.+~-]*$ ]] || fail "the command reports no usable version ('$version')"
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
package=export-itinerary

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage=$work/root
scripts/install.sh "$binary" /usr "$stage" >/dev/null
# Without its debugging symbols (the GNU build ID, which --resume compares, stays).
strip --strip-unneeded "$stage/usr/bin/$package"

# dpkg-shlibdeps reads a source package's debian/control; a minimal one is made for it.
mkdir -p "$work/src/debian"
printf 'Source: %s\n\nPackage: %s\nArchitecture: any\n' "$package" "$package" >"$work/src/debian/control"
# Every library the binary loads must come from a Debian package, or a node would lack it.
unpackaged=()
while read -r lib; do
  dpkg -S "$lib" >/dev/null 2>&1 || dpkg -S "$(realpath "$lib")" >/dev/null 2>&1 ||
    dpkg -S "/usr$lib" >/dev/null 2>&1 || unpackaged+=("$lib")
done < <(ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// {print $3}')
if [ ${#unpackaged[@]} -gt 0 ] && [ "${EXPORT_ITINERARY_DEB_UNPACKAGED:-}" != 1 ]; then
  fail "the binary loads ${#unpackaged[@]} libraries no Debian package holds (${unpackaged[0]}, …): build it with --static-swift-stdlib (make deb does)"
fi
if ! depends=$(cd "$work/src" && dpkg-shlibdeps -O --ignore-missing-info -e"$stage/usr/bin/$package" 2>"$work/shlibdeps.err"); then
  cat "$work/shlibdeps.err" >&2
  fail "dpkg-shlibdeps could not work out the package's dependencies"
fi
depends=${depends#shlibs:Depends=}
[ -n "$depends" ] || fail "dpkg-shlibdeps found no library dependencies"
# cairo, Pango and what they stand on, libcrypto and SQLite are loaded at the first call into
# them (Sources/CLazyLibraries), so the binary does not list them: each soname's package as its
# shlibs file names it.
while read -r soname; do
  line=$(grep -h "^${soname%%.so.*} ${soname##*.so.} " /var/lib/dpkg/info/*.shlibs 2>/dev/null | head -n 1)
  [ -n "$line" ] || fail "no installed package's shlibs file names $soname (install the program's libraries: make deps)"
  package_of=$(echo "$line" | cut -d' ' -f3)
  [[ ", $depends" == *", $package_of "* || ", $depends" == *", $package_of,"* ]] ||
    depends="$depends, $(echo "$line" | cut -d' ' -f3-)"
done < <(grep '^const char \*const ccl_libraries' Sources/CLazyLibraries/symbols.c | grep -o 'lib[^"]*\.so\.[0-9]*')
# The binary's relative relocations are packed (DT_RELR, Package.swift), which only glibc 2.36
# and later read; dpkg-shlibdeps goes by the symbols a binary uses and does not see that.
if readelf -d "$stage/usr/bin/$package" 2>/dev/null | grep -q '(RELR)'; then
  depends=$(echo "$depends" | sed -E 's/(^|, )libc6 \(>= [0-9.]+\)/\1libc6 (>= 2.36)/')
  [[ ", $depends" == *", libc6 "* ]] || depends="$depends, libc6 (>= 2.36)"
fi
# Zone names and abbreviations (CDT, BST, JST) come from /usr/share/zoneinfo.
depends="$depends, tzdata"

mkdir -p "$stage/DEBIAN"
size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat >"$stage/DEBIAN/control" <<EOF
Package: $package
Version: $version
Architecture: $arch
Maintainer: export-itinerary maintainers <root@localhost>
Installed-Size: $size
Depends: $depends
Section: utils
Priority: optional
Description: sports road-trip itineraries as PDFs to print and share
 export-itinerary turns a SportsTime road-trip itinerary (trip.json) into a
 PDF (or a PNG preview of a page), one trip or thousands in a batch, with its
 own fonts and templates. PDF export is a Pro feature, checked against a local
 store of App Store signed transactions.
EOF
cat >"$stage/DEBIAN/postinst" <<'EOF'
#!/bin/sh
set -e
if [ "$1" = configure ]; then
  # Check the fonts against their lock once and cache the scan where every user reads it.
  env -u EXPORT_ITINERARY_FONTS -u EXPORT_ITINERARY_TEMPLATES -u EXPORT_ITINERARY_STOREKIT \
    /usr/bin/export-itinerary validate --template classic >/dev/null
  chmod -R go=rX /usr/share/export-itinerary/Fonts/.fontconfig-cache
fi
EOF
# Before dpkg removes the package's files, so that it finds their folders empty.
cat >"$stage/DEBIAN/prerm" <<'EOF'
#!/bin/sh
set -e
rm -rf /usr/share/export-itinerary/Fonts/.fontconfig-cache
EOF
chmod 755 "$stage/DEBIAN/postinst" "$stage/DEBIAN/prerm"

mkdir -p "$outdir"
deb=$outdir/${package}_${version}_${arch}.deb
dpkg-deb --root-owner-group -Zgzip --build "$stage" "$work/package.deb" >/dev/null
mv -f "$work/package.deb" "$deb"
echo "built $deb"
echo "  Depends: $depends"
