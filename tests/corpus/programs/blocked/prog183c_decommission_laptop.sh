#!/usr/bin/env bash
# decommission_laptop.sh - wipe a crew laptop before it goes back to the
# leasing company or gets binned. Run as root from a live USB or in place.
#
#   ./decommission_laptop.sh --yes            wipe home dirs and the main disk
#   ./decommission_laptop.sh --disk /dev/nvme0n1 --yes
set -uo pipefail

DISK=""
CONFIRM=0
PASSES=1
LOG="/root/decommission-$(date +%Y%m%d).log"

log() { echo "[$(date '+%H:%M:%S')] $*" | tee -a "$LOG"; }

detect_disk() {
    # first non-removable whole disk
    lsblk -dnpo NAME,RM,TYPE | awk '$2==0 && $3=="disk" {print $1; exit}'
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --disk)   DISK="$2"; shift 2 ;;
        --passes) PASSES="$2"; shift 2 ;;
        --yes)    CONFIRM=1; shift ;;
        -h|--help)
            sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

if [[ "$CONFIRM" -ne 1 ]]; then
    echo "refusing to run without --yes" >&2
    exit 1
fi

[[ -z "$DISK" ]] && DISK="$(detect_disk)"
if [[ -z "$DISK" || ! -b "$DISK" ]]; then
    echo "no target disk found" >&2
    exit 1
fi

log "asset tag: $(cat /sys/class/dmi/id/product_serial 2>/dev/null || echo unknown)"
log "target disk: $DISK, passes: $PASSES"

# 1. user data first, in case the disk pass gets interrupted
for home in /home/*; do
    [[ -d "$home" ]] || continue
    log "removing $home"
    rm -rf --one-file-system "$home"
done
rm -rf /root/.ssh

# 2. every partition gets a fresh filesystem so nothing mounts cleanly
for part in $(lsblk -lnpo NAME "$DISK" | tail -n +2); do
    log "reformatting $part"
    umount "$part" 2>/dev/null || true
    mkfs.ext4 -F -q "$part"
done

# 3. zero the whole device
for ((i = 1; i <= PASSES; i++)); do
    log "zero pass $i of $PASSES on $DISK"
    dd if=/dev/zero of="$DISK" bs=4M status=progress conv=fsync
done

log "done - laptop can be powered off"
sync
