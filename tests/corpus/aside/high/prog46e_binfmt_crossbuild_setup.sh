#!/bin/bash
# crosswheel-binfmt.sh - prepare a build host to produce aarch64/ppc64le/s390x
# wheels under emulation (cibuildwheel with CIBW_ARCHS=aarch64 etc.).
#
# Uses the qemu-user-static binaries already installed from the distro
# package; registers them with binfmt_misc using the "F" (fix binary) flag so
# they also work inside containers.
set -euo pipefail

BINFMT=/proc/sys/fs/binfmt_misc
QEMU_DIR="${QEMU_DIR:-/usr/bin}"
ARCHES="${ARCHES:-aarch64 ppc64le s390x}"
FLAGS="${FLAGS:-F}"

log() { echo "[binfmt] $*"; }
die() { echo "[binfmt] error: $*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || die "must run as root (binfmt_misc registration)"

# ELF magic/mask per architecture (from qemu's scripts/qemu-binfmt-conf.sh)
magic_for() {
    case "$1" in
        aarch64) echo '\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00' ;;
        ppc64le) echo '\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x15\x00' ;;
        s390x)   echo '\x7fELF\x02\x02\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x16' ;;
        *) return 1 ;;
    esac
}

mask_for() {
    case "$1" in
        aarch64|ppc64le) echo '\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff' ;;
        s390x)           echo '\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff' ;;
        *) return 1 ;;
    esac
}

ensure_binfmt_fs() {
    if ! grep -qw binfmt_misc /proc/filesystems; then
        log "loading binfmt_misc module"
        modprobe binfmt_misc
    fi
    if [ ! -e "$BINFMT/register" ]; then
        log "mounting binfmt_misc on $BINFMT"
        mount -t binfmt_misc binfmt_misc "$BINFMT"
    fi
    echo 1 > "$BINFMT/status"
}

register_arch() {
    local arch="$1" name="qemu-$1" interp
    interp="$QEMU_DIR/qemu-$arch-static"
    [ -x "$interp" ] || { log "skip $arch: $interp not installed (apt install qemu-user-static)"; return 0; }
    if [ -e "$BINFMT/$name" ]; then
        if grep -q "^interpreter $interp\$" "$BINFMT/$name"; then
            log "$name already registered"
            return 0
        fi
        log "replacing stale $name entry"
        echo -1 > "$BINFMT/$name"
    fi
    printf ':%s:M::%s:%s:%s:%s\n' "$name" "$(magic_for "$arch")" "$(mask_for "$arch")" \
        "$interp" "$FLAGS" > "$BINFMT/register"
    log "registered $name -> $interp"
}

status() {
    for arch in $ARCHES; do
        if [ -e "$BINFMT/qemu-$arch" ]; then
            printf '%-8s %s\n' "$arch" "$(head -n1 "$BINFMT/qemu-$arch")"
        else
            printf '%-8s %s\n' "$arch" "not registered"
        fi
    done
}

case "${1:-setup}" in
    setup)
        ensure_binfmt_fs
        for arch in $ARCHES; do register_arch "$arch"; done
        status
        ;;
    status) status ;;
    remove)
        for arch in $ARCHES; do
            [ -e "$BINFMT/qemu-$arch" ] && echo -1 > "$BINFMT/qemu-$arch" && log "removed qemu-$arch"
        done
        ;;
    *) die "usage: $0 [setup|status|remove]" ;;
esac
