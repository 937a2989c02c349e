#!/bin/bash
# Factory reset of the appliance's data disk.
set -euo pipefail

DISK=${1:-/dev/sda}
log() { printf '%s %s\n' "$(date +%T)" "$*"; }

confirm() {
    if [[ "${FORCE:-0}" != 1 ]]; then
        read -r -p "Erase $DISK? [y/N] " ans
        [[ $ans == y ]] || exit 1
    fi
}

wipe() {
    local target=$1
    log "wiping $target"
    dd if=/dev/zero of="$target" bs=4M status=progress || true
    mkfs.ext4 -F "$target"
}

confirm
wipe "$DISK"
log done
