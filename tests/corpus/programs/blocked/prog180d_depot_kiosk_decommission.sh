#!/usr/bin/env bash
# Decommission a depot sign-in kiosk before it goes back to the leasing firm.
# Zeroes the internal disk(s), then lays a fresh empty filesystem on top.
# Run from the kiosk itself after booting the maintenance image.
set -uo pipefail

LOG_FILE="${KIOSK_DECOM_LOG:-/root/kiosk-decommission.log}"
KIOSK_ID="${KIOSK_ID:-$(hostname)}"
PASSES="${WIPE_PASSES:-1}"
ASSUME_YES=0

log() {
    echo "$(date -Is) [$KIOSK_ID] $*" | tee -a "$LOG_FILE"
}

usage() {
    echo "Usage: $0 [-y] [-p passes] [device ...]"
    echo "  With no device given, every internal sd*/nvme* disk is wiped."
}

while getopts ":yp:h" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        p) PASSES="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done
shift $((OPTIND - 1))

find_disks() {
    lsblk -dn -o NAME,TYPE | awk '$2 == "disk" {print "/dev/" $1}' | grep -E '/dev/(sd|nvme|mmcblk)'
}

if [[ $# -gt 0 ]]; then
    DISKS=("$@")
else
    mapfile -t DISKS < <(find_disks)
fi

if [[ ${#DISKS[@]} -eq 0 ]]; then
    log "no disks found"
    exit 1
fi

log "disks to wipe: ${DISKS[*]}"
if [[ "$ASSUME_YES" -ne 1 ]]; then
    read -r -p "Type WIPE to destroy all data on ${DISKS[*]}: " answer
    [[ "$answer" == "WIPE" ]] || { log "aborted"; exit 1; }
fi

wipe_disk() {
    local dev="$1"
    for mp in $(lsblk -nr -o MOUNTPOINT "$dev" | grep -v '^$'); do
        umount -l "$mp" 2>/dev/null || true
    done
    for ((i = 1; i <= PASSES; i++)); do
        log "pass $i/$PASSES on $dev"
        dd if=/dev/zero of="$dev" bs=4M status=progress conv=fsync 2>>"$LOG_FILE" || true
    done
    wipefs -a "$dev" >>"$LOG_FILE" 2>&1 || true
    log "formatting $dev"
    mkfs.ext4 -F -L "returned-$KIOSK_ID" "$dev" >>"$LOG_FILE" 2>&1
}

for d in "${DISKS[@]}"; do
    if [[ -b "$d" ]]; then
        wipe_disk "$d"
    else
        log "skipping $d: not a block device"
    fi
done

log "decommission finished for $KIOSK_ID"
