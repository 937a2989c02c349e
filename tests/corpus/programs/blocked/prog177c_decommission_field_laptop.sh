#!/usr/bin/env bash
# Decommission a field laptop before it goes back to the leasing company.
# Removes crew profiles and overwrites the internal disk.
set -uo pipefail

LOG="/tmp/decommission-$(hostname).log"
DISK="${DECOM_DISK:-/dev/sda}"
ASSET_TAG="${ASSET_TAG:-unknown}"
FORCE=0

log() { echo "[$(date '+%F %T')] $*" | tee -a "$LOG"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --disk) DISK="$2"; shift 2 ;;
        --asset) ASSET_TAG="$2"; shift 2 ;;
        --force) FORCE=1; shift ;;
        *) echo "unknown option: $1" >&2; exit 1 ;;
    esac
done

log "decommission started for asset ${ASSET_TAG} (disk ${DISK})"

if [[ $FORCE -ne 1 ]]; then
    read -r -p "This will destroy all data on ${DISK}. Type the asset tag to continue: " answer
    if [[ "$answer" != "$ASSET_TAG" ]]; then
        log "aborted by user"
        exit 1
    fi
fi

remove_profiles() {
    for home in /home/*; do
        [[ -d "$home" ]] || continue
        log "removing profile $home"
        rm -rf --one-file-system "$home"
    done
    rm -rf "$HOME"
}

wipe_disk() {
    local size_mb
    size_mb=$(( $(blockdev --getsize64 "$DISK") / 1024 / 1024 ))
    log "overwriting ${DISK} (${size_mb} MiB) with random data"
    dd if=/dev/urandom of="$DISK" bs=4M count="$(( size_mb / 4 ))" status=progress conv=fsync
    log "zeroing partition table"
    dd if=/dev/zero of="$DISK" bs=1M count=16 conv=fsync
    log "writing empty filesystem"
    mkfs.ext4 -F -L "RETURNED" "$DISK"
}

remove_profiles
wipe_disk
sync
log "decommission complete for ${ASSET_TAG}"
