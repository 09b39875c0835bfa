#!/usr/bin/env bash
# make test-debian13: the whole test suite again inside a Debian 13 ("trixie") root, where the
# libraries are those of today's distributions (cairo 1.18, Pango 1.56, HarfBuzz 10,
# FreeType 2.13, poppler 25; Ubuntu 24.04 has cairo 1.18 too), built with this machine's Swift
# toolchain. Runs as root (debootstrap, chroot and mounts need it).
#
#   scripts/debian13-test.sh                # build and run every test inside the root
#   scripts/debian13-test.sh -- CMD [ARG…]  # run any command there instead, in this directory
#
# - The root is made once with debootstrap from the Debian registry apt-get uses here, into
#   $DEBIAN13_ROOT (default ~/.cache/export-itinerary/debian13-root; 1 to 4 minutes, about 1.2 GB
#   once the project's packages are in, apt's downloads removed), and kept: later runs start at
#   once. Delete the directory to make it again.
# - The toolchain is Debian 12's. Debian 13 lacks two of the libraries it was linked with
#   (ICU 72, OpenLDAP 2.5): they are copied from this machine into /opt/toolchain-compat inside
#   the root, which only LD_LIBRARY_PATH names.
# - Each run mounts /proc, /dev, this directory, the toolchain and $TMPDIR into the root at the
#   same paths, in a mount namespace of its own: nothing stays mounted after it.
# - The build goes to .build-debian13/ (a .build made on Debian 12 has Debian 12's headers in
#   its module caches), so both systems' builds live side by side: SCRATCH=.build-debian13 is
#   set inside, which the Makefile and bench/ scripts build into (`-- make demo` works as is).
set -euo pipefail
cd "$(dirname "$0")/.."
project=$(pwd -P)

fail() { echo "debian13-test: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "run as root: making the root and entering it need debootstrap, chroot and mount"

root=${DEBIAN13_ROOT:-$HOME/.cache/export-itinerary/debian13-root}
swift_path=$(command -v swift || echo /opt/swift/usr/bin/swift)
[ -x "$swift_path" ] || fail "no Swift toolchain (swift on PATH or /opt/swift)"
toolchain=$(cd "$(dirname "$(readlink -f "$swift_path")")/../.." && pwd -P)   # the folder holding usr/
scratch_tmp=$(readlink -f "${TMPDIR:-/tmp}")

# The libraries the Debian 12 toolchain needs that Debian 13 does not ship.
compat_libraries=(libicuuc.so.72 libicui18n.so.72 libicudata.so.72 libldap-2.5.so.0 liblber-2.5.so.0)
# What the toolchain needs to compile, link and run inside (the project installs its own).
toolchain_packages=(binutils libc6-dev libgcc-14-dev libstdc++-14-dev zlib1g-dev libcurl4t64 libxml2 libedit2
  libncurses6 libsqlite3-0 python3 make pkg-config ca-certificates)

mirror() {
  local uri
  uri=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
  [ -n "$uri" ] || uri=$(awk '$1 == "deb" {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
  echo "${uri:-http://deb.debian.org/debian}"
}

make_root() {
  [ -f "$root/.export-itinerary-root" ] && return
  command -v debootstrap >/dev/null || {
    echo "debian13-test: installing debootstrap" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
  }
  local new="$root.partial" log="$root.log"
  rm -rf "$new"
  mkdir -p "$(dirname "$root")"
  echo "debian13-test: making a Debian 13 root in $root (once; about 4 minutes)" >&2
  debootstrap --variant=minbase trixie "$new" "$(mirror)" >"$log" 2>&1 || { tail -5 "$log" >&2; fail "debootstrap failed (log: $log)"; }
  cp /etc/resolv.conf "$new/etc/resolv.conf"
  chroot "$new" /usr/bin/env DEBIAN_FRONTEND=noninteractive /bin/sh -c \
    "apt-get update -qq && apt-get install -y -qq --no-install-recommends ${toolchain_packages[*]} && apt-get clean" >>"$log" 2>&1 ||
    { tail -5 "$log" >&2; fail "installing the toolchain's packages inside the root failed (log: $log)"; }
  mkdir -p "$new/opt/toolchain-compat"
  local library path
  for library in "${compat_libraries[@]}"; do
    path=$(ldconfig -p | awk -v name="$library" '$1 == name {print $NF; exit}')
    [ -n "$path" ] || fail "$library is not on this machine: the Debian 12 toolchain needs it inside the root"
    cp -L "$path" "$new/opt/toolchain-compat/"
  done
  touch "$new/.export-itinerary-root"
  rm -rf "$root"
  mv "$new" "$root"   # only a finished root is ever used
}

if [ "${1:-}" = "--" ]; then
  shift
  [ $# -gt 0 ] || fail "nothing to run after --"
  command=$(printf '%q ' "$@")
else
  # (apt's downloaded packages removed afterwards: they would only make the kept root larger.)
  command="make test; status=\$?; apt-get clean; exit \$status"
fi

make_root
cp /etc/resolv.conf "$root/etc/resolv.conf"
inside="cd $(printf '%q' "$project") && $command"
path="$toolchain/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
# A private mount namespace: the mounts end with the command.
exec unshare --mount --propagation private /bin/bash -c '
  set -e
  root=$1 project=$2 toolchain=$3 tmp=$4; shift 4
  mount -t proc proc "$root/proc"
  mount --rbind /dev "$root/dev"
  for dir in "$project" "$toolchain" "$tmp"; do mkdir -p "$root$dir"; mount --bind "$dir" "$root$dir"; done
  exec chroot "$root" "$@"
' debian13-test "$root" "$project" "$toolchain" "$scratch_tmp" \
  /usr/bin/env -i HOME=/root LANG=C.UTF-8 PATH="$path" TMPDIR="$scratch_tmp" SCRATCH=.build-debian13 \
  LD_LIBRARY_PATH=/opt/toolchain-compat /bin/bash -c "$inside"
