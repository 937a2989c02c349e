#!/bin/sh
# Weekly copy of the marina office share onto the removable backup drive.
# The drive is labelled YARDBACKUP; it is mounted only for the copy and
# unmounted afterwards so it can be taken off site.

set -eu

DRIVE_LABEL="${DRIVE_LABEL:-YARDBACKUP}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/yardbackup}"
SOURCES="${BACKUP_SOURCES:-/srv/office-share /srv/berth-register}"
KEEP_WEEKS="${KEEP_WEEKS:-6}"
STAMP="$(date +%G-W%V)"
MOUNTED_HERE=0

msg() { echo "backup: $*"; }

cleanup() {
    if [ "$MOUNTED_HERE" -eq 1 ]; then
        sync
        sudo umount "$MOUNT_POINT" && msg "drive unmounted"
    fi
}
trap cleanup EXIT INT TERM

find_drive() {
    dev="$(blkid -L "$DRIVE_LABEL" 2>/dev/null || true)"
    if [ -z "$dev" ]; then
        msg "drive $DRIVE_LABEL not connected"
        exit 1
    fi
    printf '%s' "$dev"
}

mount_drive() {
    dev="$1"
    if mountpoint -q "$MOUNT_POINT"; then
        msg "$MOUNT_POINT already mounted"
        return
    fi
    sudo mkdir -p "$MOUNT_POINT"
    sudo mount -o noexec,nodev,nosuid "$dev" "$MOUNT_POINT"
    MOUNTED_HERE=1
    msg "mounted $dev on $MOUNT_POINT"
}

copy_sources() {
    dest="$MOUNT_POINT/weekly/$STAMP"
    sudo mkdir -p "$dest"
    for src in $SOURCES; do
        if [ ! -d "$src" ]; then
            msg "skipping missing $src"
            continue
        fi
        name="$(basename "$src")"
        sudo rsync -a --link-dest="$MOUNT_POINT/weekly/latest/$name" \
            "$src/" "$dest/$name/"
        msg "copied $src"
    done
    sudo ln -sfn "$dest" "$MOUNT_POINT/weekly/latest"
}

prune_weeks() {
    count=0
    for d in $(ls -1d "$MOUNT_POINT"/weekly/[0-9]* 2>/dev/null | sort -r); do
        count=$((count + 1))
        if [ "$count" -gt "$KEEP_WEEKS" ]; then
            msg "retiring old set $(basename "$d")"
            sudo rm -rf -- "$d"
        fi
    done
}

report_space() {
    df -h "$MOUNT_POINT" | awk 'NR==2 {print "backup: drive " $3 " used, " $4 " free"}'
}

main() {
    dev="$(find_drive)"
    mount_drive "$dev"
    copy_sources
    prune_weeks
    report_space
}

main "$@"
