#!/usr/bin/env bash
# Builds Debian's cairo 1.16 (the same source and patches as libcairo2) with symbols, so that a
# callgrind profile names cairo's functions instead of addresses; prints the LD_LIBRARY_PATH to
# run the exporter with it. The library is the one Debian ships in all but its debug
# information: the 120-day export is byte-identical with it (checked 2026-12-04).
#   bench/cairo-symbols.sh            # once: about 3 minutes on 2 cores
#   LD_LIBRARY_PATH=$(bench/cairo-symbols.sh) valgrind --tool=callgrind .build/release/export-itinerary trip.json out.pdf
# Needs: dpkg-dev (dpkg-source), the -dev packages the project already installs, network to deb.debian.org.
set -euo pipefail
dir=${CAIRO_SYMBOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/cairo-symbols}
lib="$dir/cairo-1.16.0/src/.libs"
if [ ! -e "$lib/libcairo.so.2" ]; then
  mkdir -p "$dir"
  cd "$dir"
  echo "deb-src http://deb.debian.org/debian bookworm main" > sources.list
  apt-get -q -o Dir::Etc::SourceList="$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null update >/dev/null
  apt-get -q -o Dir::Etc::SourceList="$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null \
    source --download-only cairo >/dev/null 2>&1
  rm -rf cairo-1.16.0
  dpkg-source -x cairo_1.16.0-*.dsc >/dev/null
  cd cairo-1.16.0
  # Debian's patches touch Makefile.am: keep the shipped generated files rather than needing automake.
  touch aclocal.m4 && sleep 1 && touch configure config.h.in && find . -name Makefile.in -exec touch {} +
  CFLAGS="-O2 -g" ./configure --disable-maintainer-mode --disable-xlib --disable-xcb --disable-gl --disable-script \
    --disable-interpreter --disable-trace --enable-ft --enable-fc --enable-pdf --enable-png --enable-gobject=no \
    --disable-svg --disable-ps --disable-full-testing >configure.log 2>&1
  make -j"$(nproc)" -C src >make.log 2>&1
fi
echo "$lib"
