#!/usr/bin/env bash
# dkms-package-test: smoke-test a DKMS kernel-module package on the running
# kernel before it is uploaded.  Builds the .deb with dpkg-buildpackage, then
# registers, builds and installs the module through dkms, loads it, checks
# dmesg, and unloads/removes it again.
#
# usage: dkms-package-test.sh <source-tree> [module-param=value ...]

set -uo pipefail

SRC="${1:?usage: $0 <source-tree> [param=value ...]}"; shift
PARAMS=("$@")
KVER="$(uname -r)"
WORK="$PWD/dkms-test"
REPORT="$WORK/report.txt"
SUDO="sudo -n"
[ "$(id -u)" -eq 0 ] && SUDO=""

mkdir -p "$WORK"
: > "$REPORT"

say()  { echo "== $*" | tee -a "$REPORT"; }
fail() { say "FAIL: $*"; cleanup; exit 1; }

dkms_conf_value() {
    sed -n "s/^$1=\"\{0,1\}\([^\"]*\)\"\{0,1\}$/\1/p" "$SRC/dkms.conf" | head -n1
}

[ -f "$SRC/dkms.conf" ] || { echo "$SRC has no dkms.conf" >&2; exit 2; }
MODULE="$(dkms_conf_value PACKAGE_NAME)"
VERSION="$(dkms_conf_value PACKAGE_VERSION)"
KMOD="$(dkms_conf_value 'BUILT_MODULE_NAME\[0\]')"
KMOD="${KMOD:-$MODULE}"

cleanup() {
    if lsmod | awk '{print $1}' | grep -qx "$KMOD"; then
        $SUDO modprobe -r "$KMOD" || say "could not unload $KMOD"
    fi
    if dkms status -m "$MODULE" -v "$VERSION" 2>/dev/null | grep -q .; then
        $SUDO dkms remove -m "$MODULE" -v "$VERSION" --all >>"$REPORT" 2>&1
    fi
    $SUDO rm -rf "/usr/src/$MODULE-$VERSION"
}

build_deb() {
    say "building package for $MODULE $VERSION"
    (cd "$SRC" && dpkg-buildpackage -us -uc -b) >"$WORK/build.log" 2>&1 \
        || fail "dpkg-buildpackage (see $WORK/build.log)"
}

install_module() {
    say "registering $MODULE/$VERSION with dkms for $KVER"
    $SUDO rm -rf "/usr/src/$MODULE-$VERSION"
    $SUDO cp -a "$SRC" "/usr/src/$MODULE-$VERSION"
    $SUDO dkms add -m "$MODULE" -v "$VERSION" >>"$REPORT" 2>&1 || fail "dkms add"
    $SUDO dkms build -m "$MODULE" -v "$VERSION" -k "$KVER" >>"$REPORT" 2>&1 \
        || fail "dkms build (see /var/lib/dkms/$MODULE/$VERSION/build/make.log)"
    $SUDO dkms install -m "$MODULE" -v "$VERSION" -k "$KVER" >>"$REPORT" 2>&1 \
        || fail "dkms install"
}

load_and_check() {
    local mark="dkms-test-$$-$(date +%s)"
    $SUDO sh -c "echo '$mark' > /dev/kmsg"
    say "loading $KMOD ${PARAMS[*]:-}"
    $SUDO modprobe "$KMOD" "${PARAMS[@]}" || fail "modprobe $KMOD"
    sleep 2
    $SUDO dmesg | sed -n "/$mark/,\$p" > "$WORK/dmesg.txt"
    if grep -Eiq 'oops|bug:|call trace|taint' "$WORK/dmesg.txt"; then
        fail "kernel complained after loading $KMOD (see $WORK/dmesg.txt)"
    fi
    modinfo "$KMOD" | grep -E '^(version|vermagic|signer):' | tee -a "$REPORT"
}

build_deb
install_module
load_and_check
cleanup
say "PASS: $MODULE $VERSION on $KVER"
