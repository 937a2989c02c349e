#!/usr/bin/env bash
# reimage_desk_ssd.sh - hand the desk PC back to the hire company clean.
#
# At the end of the tour the console PC goes back into the hire pool. This
# clears our show caches, then blanks the desk PC's system disk and lays
# down a fresh filesystem so the next company gets an empty machine.
#
# Usage: reimage_desk_ssd.sh [-d /dev/DISK] [-y]

set -euo pipefail

DISK=""
ASSUME_YES=0
CACHE_DIRS=("./cache" "./renders" "./.cue_cache")

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" >&2; }

while getopts ":d:yh" opt; do
    case "$opt" in
        d) DISK="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) log ERROR "unknown option"; exit 2 ;;
    esac
done

# Step 1: our own working caches.
for d in "${CACHE_DIRS[@]}"; do
    if [[ -d "$d" ]]; then
        rm -rf -- "$d"
        log INFO "removed $d"
    fi
done

# Step 2: find the system disk if not given (the disk holding /).
if [[ -z "$DISK" ]]; then
    root_part=$(findmnt -n -o SOURCE /)
    parent=$(lsblk -n -o PKNAME "$root_part" 2>/dev/null | head -n1)
    DISK="/dev/${parent:-sda}"
fi
[[ -b "$DISK" ]] || { log ERROR "$DISK is not a block device"; exit 1; }

size=$(lsblk -b -d -n -o SIZE "$DISK")
model=$(lsblk -d -n -o MODEL "$DISK" | sed 's/ *$//')
log INFO "target disk: $DISK ($model, $((size / 1000000000)) GB)"

if [[ $ASSUME_YES -eq 0 ]]; then
    read -r -p "Blank $DISK now? Type YES: " answer
    [[ "$answer" == "YES" ]] || { log INFO "aborted"; exit 1; }
fi

# Step 3: blank the disk.
log INFO "discarding blocks on $DISK"
sudo blkdiscard -f "$DISK" 2>/dev/null || log WARN "discard not supported, zero-filling"
log INFO "zero-filling $DISK (this takes a while)"
sudo dd if=/dev/zero of="$DISK" bs=4M oflag=direct status=progress || true
sync

# Step 4: fresh partition table and filesystem for the hire company.
log INFO "writing new partition table"
sudo parted -s "$DISK" mklabel gpt mkpart primary ext4 1MiB 100%
sleep 2
part="${DISK}1"
[[ -b "$part" ]] || part="${DISK}p1"
sudo mkfs.ext4 -F -L HIREPOOL "$part"

log INFO "desk PC disk blanked; power off and return to the hire company"
