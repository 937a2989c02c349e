#!/usr/bin/env bash
# scratch_reset.sh - reset the local NVMe scratch of a compute node between
# projects so no sample data from the previous customer is left behind.
#
# Usage: scratch_reset.sh [-d DEVICE] [-m MOUNTPOINT] [-y]
#   -d  scratch block device (default /dev/nvme1n1)
#   -m  where scratch is mounted (default /scratch)
#   -y  do not ask for confirmation

set -euo pipefail

DEVICE="/dev/nvme1n1"
MOUNTPOINT="/scratch"
ASSUME_YES=0
LOG_TAG="scratch_reset"

log() {
    echo "$(date '+%F %T') ${LOG_TAG}: $*" >&2
    logger -t "$LOG_TAG" "$*" 2>/dev/null || true
}

fail() {
    log "ERROR: $*"
    exit 1
}

while getopts ":d:m:yh" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        m) MOUNTPOINT="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        :) fail "option -$OPTARG needs a value" ;;
        *) fail "unknown option -$OPTARG" ;;
    esac
done

confirm() {
    if [[ "$ASSUME_YES" -eq 1 ]]; then
        return 0
    fi
    read -r -p "Reset ${DEVICE} mounted on ${MOUNTPOINT}? [y/N] " answer
    [[ "$answer" == "y" || "$answer" == "Y" ]]
}

check_device() {
    [[ -b "$DEVICE" ]] || fail "${DEVICE} is not a block device"
    local size
    size=$(lsblk -bdno SIZE "$DEVICE")
    log "device ${DEVICE} size $((size / 1024 / 1024 / 1024)) GiB"
}

stop_jobs() {
    local pids
    pids=$(fuser -m "$MOUNTPOINT" 2>/dev/null || true)
    if [[ -n "$pids" ]]; then
        log "processes still using ${MOUNTPOINT}: ${pids}"
        fail "drain the node in the scheduler first"
    fi
}

unmount_scratch() {
    if mountpoint -q "$MOUNTPOINT"; then
        log "unmounting ${MOUNTPOINT}"
        umount "$MOUNTPOINT"
    fi
}

wipe_device() {
    log "zeroing ${DEVICE}, this takes a while"
    dd if=/dev/zero of="$DEVICE" bs=4M status=progress conv=fsync || true
    log "creating fresh filesystem on ${DEVICE}"
    mkfs.xfs -f -L scratch "$DEVICE"
}

remount_scratch() {
    mkdir -p "$MOUNTPOINT"
    mount -L scratch "$MOUNTPOINT"
    chmod 1777 "$MOUNTPOINT"
    log "scratch remounted on ${MOUNTPOINT}"
}

main() {
    [[ "$(id -u)" -eq 0 ]] || fail "must run as root"
    check_device
    confirm || { log "aborted by user"; exit 0; }
    stop_jobs
    unmount_scratch
    wipe_device
    remount_scratch
    log "reset complete"
}

main
