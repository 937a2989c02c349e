#!/bin/sh
# workshop_usb_backup.sh - copy the day's job cards, service sheets and
# the workshop database dump onto the labelled backup stick.
#
# Plug in the stick labelled WSBACKUP and run this at close. It mounts the
# stick, syncs into a dated folder, keeps the last 14 folders and unmounts.
#
#   workshop_usb_backup.sh [-l LABEL] [-s SOURCE_DIR] [-k KEEP]

set -eu

LABEL="WSBACKUP"
SOURCE_DIR="${WORKSHOP_DATA:-$HOME/workshop}"
KEEP=14
MOUNTPOINT="/mnt/wsbackup"
TODAY=$(date +%Y-%m-%d)

log() { logger -t wsbackup -- "$*" 2>/dev/null || true; echo "wsbackup: $*"; }
fail() { log "FAILED: $*"; exit 1; }

while getopts "l:s:k:h" opt; do
    case "$opt" in
        l) LABEL="$OPTARG" ;;
        s) SOURCE_DIR="$OPTARG" ;;
        k) KEEP="$OPTARG" ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

# Whichever elevation tool this machine has.
if command -v doas >/dev/null 2>&1; then
    ELEVATE="doas"
elif command -v sudo >/dev/null 2>&1; then
    ELEVATE="sudo"
else
    ELEVATE="pkexec"
fi

find_device() {
    dev="/dev/disk/by-label/$LABEL"
    i=0
    while [ ! -e "$dev" ] && [ $i -lt 10 ]; do
        sleep 1; i=$((i + 1))
    done
    [ -e "$dev" ] || fail "no stick labelled $LABEL found"
    readlink -f "$dev"
}

mount_stick() {
    dev=$1
    if grep -qs " $MOUNTPOINT " /proc/mounts; then
        log "$MOUNTPOINT already mounted"
        return
    fi
    $ELEVATE mkdir -p "$MOUNTPOINT"
    fstype=$(lsblk -no FSTYPE "$dev" 2>/dev/null || echo vfat)
    case "$fstype" in
        vfat|exfat|ntfs)
            $ELEVATE mount -t "$fstype" -o "uid=$(id -u),gid=$(id -g),umask=077,noexec" "$dev" "$MOUNTPOINT" ;;
        *)
            $ELEVATE mount -o noexec,nosuid "$dev" "$MOUNTPOINT"
            $ELEVATE chown "$(id -u):$(id -g)" "$MOUNTPOINT" ;;
    esac
    log "mounted $dev ($fstype) on $MOUNTPOINT"
}

dump_database() {
    if command -v pg_dump >/dev/null 2>&1; then
        pg_dump --format=custom --file "$SOURCE_DIR/db/workshop.dump" workshop \
            && log "database dumped" || log "database dump skipped"
    fi
}

sync_files() {
    dest="$MOUNTPOINT/$TODAY"
    mkdir -p "$dest"
    rsync -rt --delete --exclude '*.tmp' "$SOURCE_DIR/jobcards" "$SOURCE_DIR/sheets" \
        "$SOURCE_DIR/db" "$dest/" || fail "rsync error"
    log "synced $(du -sh "$dest" | cut -f1) to $dest"
}

prune_old() {
    ls -1d "$MOUNTPOINT"/20??-??-?? 2>/dev/null | sort | head -n "-$KEEP" | while read -r old; do
        rm -rf -- "$old"
        log "removed old backup $old"
    done
}

unmount_stick() {
    sync
    $ELEVATE umount "$MOUNTPOINT" && log "stick can be removed"
}

DEV=$(find_device)
mount_stick "$DEV"
trap unmount_stick EXIT
dump_database
sync_files
prune_old
