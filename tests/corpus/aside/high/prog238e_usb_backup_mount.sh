#!/usr/bin/env bash
# usb_backup_mount.sh - weekly offline backup of the pantry inventory export.
#
# Every Friday the site lead plugs in the labelled backup stick (filesystem
# label PANTRYBAK). This script mounts it, copies this week's inventory and
# volunteer-hours exports from ./exports, verifies the copies, and unmounts
# the stick so it can be taken off site.
set -euo pipefail

LABEL="${LABEL:-PANTRYBAK}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/pantry-backup}"
EXPORT_DIR="${EXPORT_DIR:-./exports}"
LOG_FILE="./usb_backup.log"
KEEP_WEEKS=8

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    echo "Usage: $0 [--label LABEL] [--mount-point DIR] [--exports DIR]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --label) LABEL="$2"; shift 2 ;;
        --mount-point) MOUNT_POINT="$2"; shift 2 ;;
        --exports) EXPORT_DIR="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

DEVICE="/dev/disk/by-label/$LABEL"

cleanup() {
    if mountpoint -q "$MOUNT_POINT"; then
        sync
        sudo umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
    fi
}
trap cleanup EXIT

mount_stick() {
    [[ -e "$DEVICE" ]] || die "backup stick $LABEL not plugged in"
    sudo mkdir -p "$MOUNT_POINT"
    if ! mountpoint -q "$MOUNT_POINT"; then
        sudo mount -o nosuid,nodev,noexec,uid="$(id -u)",gid="$(id -g)" \
            "$DEVICE" "$MOUNT_POINT" || die "mount failed"
        log "mounted $DEVICE on $MOUNT_POINT"
    fi
}

copy_exports() {
    local week dest f copied=0
    week="$(date +%G-W%V)"
    dest="$MOUNT_POINT/$week"
    mkdir -p "$dest"
    for f in "$EXPORT_DIR"/*.csv; do
        [[ -f "$f" ]] || continue
        cp -p "$f" "$dest/"
        if cmp -s "$f" "$dest/$(basename "$f")"; then
            copied=$((copied + 1))
        else
            die "verification failed for $f"
        fi
    done
    log "copied and verified $copied export(s) to $dest"
}

prune_old_weeks() {
    local dirs count
    mapfile -t dirs < <(find "$MOUNT_POINT" -mindepth 1 -maxdepth 1 -type d -name '20??-W??' | sort)
    count="${#dirs[@]}"
    while [[ "$count" -gt "$KEEP_WEEKS" ]]; do
        log "pruning old backup ${dirs[0]}"
        rm -r -- "${dirs[0]}"
        dirs=("${dirs[@]:1}")
        count=$((count - 1))
    done
}

[[ -d "$EXPORT_DIR" ]] || die "export directory $EXPORT_DIR missing"
mount_stick
copy_exports
prune_old_weeks
log "backup complete; safe to remove the stick after unmount"
