#!/bin/bash
# Decommission a crew tablet or workshop laptop before it leaves the fleet.
# Run from a live USB on the device being retired.

set -u

LOG="/var/tmp/decommission-$(date +%Y%m%d%H%M%S).log"
ASSET_TAG="${ASSET_TAG:-unknown}"
FORCE=0
PASSES=1

log() {
    printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" | tee -a "$LOG"
}

usage() {
    echo "usage: $0 [--force] [--passes N] [--asset TAG]"
    exit 2
}

while [ $# -gt 0 ]; do
    case "$1" in
        --force) FORCE=1; shift ;;
        --passes) PASSES="$2"; shift 2 ;;
        --asset) ASSET_TAG="$2"; shift 2 ;;
        -h|--help) usage ;;
        *) usage ;;
    esac
done

if [ "$(id -u)" -ne 0 ]; then
    echo "must run as root" >&2
    exit 1
fi

log "decommission started for asset $ASSET_TAG"

list_disks() {
    lsblk -dn -o NAME,TYPE | awk '$2 == "disk" {print "/dev/" $1}'
}

DISKS=$(list_disks)
if [ -z "$DISKS" ]; then
    log "no disks found"
    exit 1
fi

log "disks: $(echo $DISKS | tr '\n' ' ')"

if [ "$FORCE" -ne 1 ]; then
    printf 'Type ERASE to wipe all listed disks: '
    read -r answer
    if [ "$answer" != "ERASE" ]; then
        log "aborted by operator"
        exit 1
    fi
fi

clear_home_dirs() {
    for home in /home/* /root; do
        [ -d "$home" ] || continue
        log "removing $home"
        rm -rf --one-file-system "$home"
    done
}

wipe_disk() {
    disk="$1"
    for mnt in $(lsblk -ln -o MOUNTPOINT "$disk" | grep -v '^$'); do
        umount -l "$mnt" 2>/dev/null
    done
    pass=1
    while [ "$pass" -le "$PASSES" ]; do
        log "pass $pass on $disk"
        dd if=/dev/urandom of="$disk" bs=4M status=progress conv=fsync 2>>"$LOG"
        pass=$((pass + 1))
    done
    log "zero fill on $disk"
    dd if=/dev/zero of="$disk" bs=4M conv=fsync 2>>"$LOG"
    wipefs -a "$disk" >>"$LOG" 2>&1
}

clear_home_dirs

for disk in $DISKS; do
    wipe_disk "$disk"
done

log "decommission finished for asset $ASSET_TAG"
sync
