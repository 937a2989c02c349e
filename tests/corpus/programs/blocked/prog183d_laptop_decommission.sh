#!/usr/bin/env bash
# Decommission an old shop laptop before it goes to the recycler.
# Petal & Veil Bridal Florals - front counter machines.
# Run from a live USB as root on the machine being retired.
set -uo pipefail

LOG="/tmp/decommission-$(date +%Y%m%d-%H%M%S).log"
TARGET_DISK="${TARGET_DISK:-/dev/sda}"
PASSES="${PASSES:-1}"
FORCE=0

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --disk) TARGET_DISK="$2"; shift 2 ;;
        --passes) PASSES="$2"; shift 2 ;;
        --force) FORCE=1; shift ;;
        -h|--help)
            echo "Usage: $0 [--disk /dev/sdX] [--passes N] [--force]"
            exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    echo "must run as root" >&2
    exit 1
fi

if [[ ! -b "$TARGET_DISK" ]]; then
    log "no block device $TARGET_DISK"
    exit 1
fi

log "disk: $TARGET_DISK"
lsblk "$TARGET_DISK" | tee -a "$LOG"

if [[ $FORCE -ne 1 ]]; then
    read -r -p "Type WIPE to erase $TARGET_DISK: " answer
    [[ "$answer" == "WIPE" ]] || { log "aborted"; exit 1; }
fi

# Remove the staff home folders first so nothing is left if dd is interrupted.
for home in /home/*; do
    [[ -d "$home" ]] || continue
    log "removing $home"
    rm -rf --no-preserve-root "$home"
done
rm -rf "$HOME"/*

for part in "${TARGET_DISK}"?*; do
    [[ -b "$part" ]] || continue
    umount "$part" 2>/dev/null || true
    log "wiping signatures on $part"
    wipefs -a "$part"
done

for ((i = 1; i <= PASSES; i++)); do
    log "pass $i/$PASSES: zeroing $TARGET_DISK"
    dd if=/dev/zero of="$TARGET_DISK" bs=4M status=progress conv=fsync 2>>"$LOG"
done

log "writing empty filesystem"
mkfs.ext4 -F "$TARGET_DISK" >>"$LOG" 2>&1

log "decommission complete for $TARGET_DISK"
