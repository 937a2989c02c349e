#!/usr/bin/env bash
# mount_pos_export_drive.sh - copy the day's POS exports to the courier USB drive.
#
# Each evening the store manager plugs in the encrypted-at-head-office USB
# drive that the courier takes to the accounts team. This script mounts the
# drive, copies today's sales and waste exports onto it, verifies the copies
# and unmounts it so it can be unplugged safely.
#
# Usage: mount_pos_export_drive.sh [-d device] [-m mountpoint] [-D YYYY-MM-DD] [-h]

set -euo pipefail

DEVICE="/dev/disk/by-label/POSEXPORT"
MOUNT_POINT="/mnt/pos_export"
EXPORT_DIR="./exports"
DAY="$(date +%F)"
LOG_FILE="./mount_pos_export_drive.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

usage() {
    echo "Usage: $0 [-d device] [-m mountpoint] [-D YYYY-MM-DD] [-h]"
}

while getopts ":d:m:D:h" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        m) MOUNT_POINT="$OPTARG" ;;
        D) DAY="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

cleanup() {
    if mountpoint -q "$MOUNT_POINT"; then
        sync
        mount | grep -q " ${MOUNT_POINT} " && umount "$MOUNT_POINT" && log "drive unmounted"
    fi
}
trap cleanup EXIT

mount_drive() {
    if [[ ! -b "$DEVICE" ]]; then
        log "ERROR: export drive ${DEVICE} not plugged in"
        exit 1
    fi
    mkdir -p "$MOUNT_POINT"
    if mountpoint -q "$MOUNT_POINT"; then
        log "drive already mounted at ${MOUNT_POINT}"
        return
    fi
    mount -o rw,nosuid,nodev,noexec "$DEVICE" "$MOUNT_POINT"
    log "mounted ${DEVICE} at ${MOUNT_POINT}"
}

copy_exports() {
    local dest="${MOUNT_POINT}/${DAY}"
    mkdir -p "$dest"
    local count=0 f
    shopt -s nullglob
    for f in "${EXPORT_DIR}"/sales_"${DAY}"*.csv "${EXPORT_DIR}"/waste_"${DAY}"*.csv; do
        cp -p "$f" "$dest/"
        count=$(( count + 1 ))
    done
    shopt -u nullglob
    if [[ "$count" -eq 0 ]]; then
        log "ERROR: no exports for ${DAY} in ${EXPORT_DIR}"
        exit 1
    fi
    log "copied ${count} export files to ${dest}"
}

verify_copies() {
    local dest="${MOUNT_POINT}/${DAY}" f base
    for f in "$dest"/*.csv; do
        base="$(basename "$f")"
        if ! cmp -s "$f" "${EXPORT_DIR}/${base}"; then
            log "ERROR: copy of ${base} differs from the original"
            exit 1
        fi
    done
    log "all copies verified"
}

main() {
    mount_drive
    copy_exports
    verify_copies
    log "export drive ready for the courier"
}

main
