#!/bin/sh
# Copy the ./exports directory to the office NAS.
# The NAS share is mounted only for the duration of the copy and
# unmounted afterwards, so a stray rm on the host cannot reach it.
set -eu

NAS_HOST="${NAS_HOST:-nas01.office.lan}"
NAS_SHARE="${NAS_SHARE:-/volume1/backups}"
MOUNTPOINT="${MOUNTPOINT:-/mnt/nas-backup}"
SRC_DIR="${1:-./exports}"
HOST_TAG="$(hostname -s)"
LOCKFILE="./.nas-sync.lock"
MOUNTED_HERE=0

say() { printf '%s nas-sync: %s\n' "$(date '+%F %T')" "$*"; }

cleanup() {
    if [ "$MOUNTED_HERE" -eq 1 ]; then
        sync
        if ! umount "$MOUNTPOINT" 2>/dev/null; then
            say "busy, lazy unmount"
            umount -l "$MOUNTPOINT" || true
        fi
    fi
    rm -f "$LOCKFILE"
}

ensure_mounted() {
    if mountpoint -q "$MOUNTPOINT"; then
        say "$MOUNTPOINT already mounted"
        return 0
    fi
    mkdir -p "$MOUNTPOINT"
    say "mounting $NAS_HOST:$NAS_SHARE"
    mount -t nfs -o vers=4.1,proto=tcp,hard,timeo=600,noexec,nosuid \
        "$NAS_HOST:$NAS_SHARE" "$MOUNTPOINT"
    MOUNTED_HERE=1
}

check_space() {
    need_kb=$(du -sk "$SRC_DIR" | cut -f1)
    free_kb=$(df -Pk "$MOUNTPOINT" | awk 'NR==2 {print $4}')
    if [ "$free_kb" -lt "$need_kb" ]; then
        say "not enough space on NAS: need ${need_kb}k, have ${free_kb}k"
        return 1
    fi
}

main() {
    [ "$(id -u)" -eq 0 ] || { say "run as root (mount needs it)"; exit 2; }
    [ -d "$SRC_DIR" ] || { say "no source directory $SRC_DIR"; exit 2; }
    if [ -e "$LOCKFILE" ]; then
        say "another sync is running (lock $LOCKFILE)"
        exit 1
    fi
    echo $$ > "$LOCKFILE"
    trap cleanup EXIT INT TERM

    ensure_mounted
    check_space

    dest="$MOUNTPOINT/$HOST_TAG/$(date +%Y-%m-%d)"
    mkdir -p "$dest"
    say "copying $SRC_DIR -> $dest"
    rsync -a --partial --delete-after \
        --link-dest="$MOUNTPOINT/$HOST_TAG/latest" \
        "$SRC_DIR/" "$dest/"
    ln -sfn "$dest" "$MOUNTPOINT/$HOST_TAG/latest"
    say "done ($(du -sh "$dest" | cut -f1))"
}

main
