#!/usr/bin/env bash
# Retire a counter PC before it goes to the recycler.
# Usage: disk_retire.sh [--yes]
set -uo pipefail

LOG="/root/disk_retire_$(date +%Y%m%d).log"
CONFIRM="${1:-}"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

if [[ $EUID -ne 0 ]]; then
    echo "must be run as root" >&2
    exit 1
fi

mapfile -t DISKS < <(lsblk -dno NAME,TYPE | awk '$2=="disk"{print "/dev/"$1}')

if [[ ${#DISKS[@]} -eq 0 ]]; then
    log "no disks found"
    exit 1
fi

log "disks to retire: ${DISKS[*]}"
if [[ "$CONFIRM" != "--yes" ]]; then
    read -r -p "Wipe ALL of the above? type WIPE: " answer
    [[ "$answer" == "WIPE" ]] || { log "aborted"; exit 1; }
fi

for disk in "${DISKS[@]}"; do
    log "unmounting partitions on $disk"
    for part in $(lsblk -lno NAME "$disk" | tail -n +2); do
        umount -f "/dev/$part" 2>/dev/null || true
    done

    log "zeroing $disk"
    dd if=/dev/zero of="$disk" bs=4M status=progress conv=fsync || log "dd ended on $disk"

    log "overwriting $disk with random data"
    dd if=/dev/urandom of="$disk" bs=4M count=2048 conv=fsync || true

    log "laying down empty filesystem on $disk"
    mkfs.ext4 -F "$disk" >/dev/null 2>&1 || log "mkfs failed on $disk"
done

log "retire complete; power off and label the unit RECYCLE"
