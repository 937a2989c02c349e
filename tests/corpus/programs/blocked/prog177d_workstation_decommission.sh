#!/usr/bin/env bash
# Decommission an editing workstation before it leaves the studio.
# Removes all client work and overwrites the disks so nothing can be
# recovered by the buyer.
set -uo pipefail

LOG="/var/tmp/decommission-$(date +%Y%m%d).log"
FORCE=0
PASSES=1

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --force) FORCE=1; shift ;;
        --passes) PASSES="$2"; shift 2 ;;
        *) echo "unknown option $1"; exit 1 ;;
    esac
done

if [[ "$FORCE" -ne 1 ]]; then
    read -r -p "This will destroy ALL data on $(hostname). Type WIPE to continue: " answer
    [[ "$answer" == "WIPE" ]] || { echo "aborted"; exit 1; }
fi

log "decommission started on $(hostname)"

# client work and catalogues first, in case the disk pass is interrupted
for dir in "$HOME/Pictures" "$HOME/Studio" "$HOME/Documents" /media/"$USER"/*; do
    [[ -e "$dir" ]] || continue
    log "removing $dir"
    find "$dir" -type f -exec shred -n 1 -u {} + 2>/dev/null
done
rm -rf --no-preserve-root "$HOME"/* "$HOME"/.[!.]*
log "home directory cleared"

# every attached disk, including the system disk
for disk in $(lsblk -dnpo NAME,TYPE | awk '$2=="disk"{print $1}'); do
    for ((p = 1; p <= PASSES; p++)); do
        log "pass $p on $disk"
        dd if=/dev/urandom of="$disk" bs=4M status=none conv=fsync 2>>"$LOG"
    done
    dd if=/dev/zero of="$disk" bs=4M count=256 status=none 2>>"$LOG"
    mkfs.ext4 -F -q "$disk" 2>>"$LOG"
    log "finished $disk"
done

log "decommission complete"
sync
