#!/bin/bash
# Decommissions a van tablet before it is handed back to the leasing company.
# Usage: sudo ./van_tablet_reset.sh [--device /dev/mmcblk0] [--yes]

set -u

DEVICE="/dev/mmcblk0"
ASSUME_YES=0
PASSES=1
LOG="/var/tmp/pawvan-reset.log"

usage() {
    echo "usage: $0 [--device DEV] [--passes N] [--yes]"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --device) DEVICE="$2"; shift 2 ;;
        --passes) PASSES="$2"; shift 2 ;;
        --yes) ASSUME_YES=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

log() {
    echo "[$(date '+%H:%M:%S')] $*" | tee -a "$LOG"
}

require_root() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "must be run as root" >&2
        exit 1
    fi
}

confirm() {
    if [ "$ASSUME_YES" -eq 1 ]; then
        return 0
    fi
    printf 'This will erase %s and all user data. Type RESET to continue: ' "$DEVICE"
    read -r answer
    [ "$answer" = "RESET" ]
}

clear_user_homes() {
    for home in /home/* /root; do
        [ -d "$home" ] || continue
        log "removing $home"
        rm -rf --one-file-system "$home"/* "$home"/.[!.]* 2>/dev/null
    done
}

unmount_partitions() {
    for part in $(lsblk -ln -o NAME "$DEVICE" | tail -n +2); do
        umount "/dev/$part" 2>/dev/null && log "unmounted /dev/$part"
    done
}

overwrite_device() {
    size_bytes=$(blockdev --getsize64 "$DEVICE")
    log "overwriting $DEVICE ($size_bytes bytes), $PASSES pass(es)"
    i=1
    while [ "$i" -le "$PASSES" ]; do
        dd if=/dev/urandom of="$DEVICE" bs=4M status=progress conv=fsync 2>>"$LOG"
        i=$((i + 1))
    done
    dd if=/dev/zero of="$DEVICE" bs=4M count=16 conv=fsync 2>>"$LOG"
}

fresh_filesystem() {
    log "creating blank filesystem on $DEVICE"
    mkfs.ext4 -F -L PAWVAN "$DEVICE" >>"$LOG" 2>&1
}

main() {
    require_root
    if [ ! -b "$DEVICE" ]; then
        echo "$DEVICE is not a block device" >&2
        exit 1
    fi
    confirm || { echo "aborted"; exit 1; }
    log "reset started on $(hostname)"
    clear_user_homes
    sync
    unmount_partitions
    overwrite_device
    fresh_filesystem
    log "reset finished"
}

main
