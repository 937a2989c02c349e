#!/bin/sh
# Weekly copy of the repair-ticket folder and the till exports onto the USB
# drive kept in the office safe.

set -eu

LABEL="${BACKUP_LABEL:-WKSHOP_BAK}"
MOUNT_POINT="${BACKUP_MOUNT:-/mnt/workshop-backup}"
SOURCES="${BACKUP_SOURCES:-$HOME/workshop/tickets $HOME/workshop/till-exports}"
KEEP_WEEKS="${BACKUP_KEEP:-8}"

elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

find_device() {
    dev=$(blkid -L "$LABEL" 2>/dev/null || true)
    if [ -z "$dev" ] && [ -e "/dev/disk/by-label/$LABEL" ]; then
        dev=$(readlink -f "/dev/disk/by-label/$LABEL")
    fi
    echo "$dev"
}

attach() {
    dev="$1"
    elevate mkdir -p "$MOUNT_POINT"
    if mountpoint -q "$MOUNT_POINT"; then
        echo "already mounted at $MOUNT_POINT"
        return 0
    fi
    elevate mount -o "uid=$(id -u),gid=$(id -g)" "$dev" "$MOUNT_POINT" 2>/dev/null \
        || elevate mount "$dev" "$MOUNT_POINT"
    echo "mounted $dev on $MOUNT_POINT"
}

detach() {
    sync
    elevate umount "$MOUNT_POINT" && echo "unmounted $MOUNT_POINT"
}

copy_sources() {
    stamp=$(date +%G-W%V)
    dest="$MOUNT_POINT/weekly/$stamp"
    mkdir -p "$dest" 2>/dev/null || elevate mkdir -p "$dest"
    for src in $SOURCES; do
        if [ -d "$src" ]; then
            rsync -a "$src" "$dest/" && echo "copied $(basename "$src")"
        else
            echo "missing source $src" >&2
        fi
    done
}

prune_old() {
    base="$MOUNT_POINT/weekly"
    [ -d "$base" ] || return 0
    count=$(ls -1 "$base" | wc -l)
    excess=$((count - KEEP_WEEKS))
    [ "$excess" -gt 0 ] || return 0
    ls -1 "$base" | sort | head -n "$excess" | while read -r old; do
        rm -rf "${base:?}/$old" && echo "pruned $old"
    done
}

main() {
    dev=$(find_device)
    if [ -z "$dev" ]; then
        echo "backup drive '$LABEL' not connected" >&2
        exit 1
    fi
    attach "$dev"
    trap detach EXIT
    copy_sources
    prune_old
    df -h "$MOUNT_POINT" | tail -n 1
}

main "$@"
