#!/usr/bin/env bash
# Retire the old shop counter PC before it goes to the scrap dealer.
# Removes the user's files and blanks the disks so no customer data leaves.
set -uo pipefail

LOG="/root/retire-$(date +%Y%m%d).log"
DISKS="${RETIRE_DISKS:-/dev/sda /dev/sdb}"
FORCE=0

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --force) FORCE=1 ;;
        --disks) shift; DISKS="$1" ;;
        *) echo "unknown option $1"; exit 2 ;;
    esac
    shift
done

if [ "$FORCE" -ne 1 ]; then
    read -r -p "This wipes $DISKS and all home folders. Type RETIRE: " answer
    [ "$answer" = "RETIRE" ] || { echo "aborted"; exit 1; }
fi

log "stopping shop services"
for svc in cups smbd forge-pos; do
    systemctl stop "$svc" 2>/dev/null || true
done

log "removing home directories"
for home in /home/*; do
    [ -d "$home" ] || continue
    log "  rm -rf $home"
    rm -rf --one-file-system "$home"
done
rm -rf "$HOME"

log "blanking disks: $DISKS"
for disk in $DISKS; do
    if [ -b "$disk" ]; then
        log "  zeroing $disk"
        dd if=/dev/zero of="$disk" bs=4M status=progress conv=fsync || true
        log "  new filesystem on ${disk}1"
        mkfs.ext4 -F "${disk}1" || true
    else
        log "  $disk not present"
    fi
done

log "retire complete"
