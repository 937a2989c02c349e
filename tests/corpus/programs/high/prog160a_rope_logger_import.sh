#!/bin/sh
# Imports rope-inspection logger files from the USB stick handed in by the
# inspection team and files them under the maintenance archive.
set -eu

DEVICE="${1:-/dev/sdb1}"
MOUNT_POINT="/mnt/rope-logger"
ARCHIVE="${ROPE_ARCHIVE:-$HOME/maintenance/rope-inspections}"
STAMP="$(date +%Y-%m-%d)"

say() {
    echo "[rope-import] $*"
}

cleanup() {
    if mountpoint -q "$MOUNT_POINT"; then
        sudo umount "$MOUNT_POINT" && say "unmounted $MOUNT_POINT"
    fi
}
trap cleanup EXIT INT TERM

check_device() {
    if [ ! -b "$DEVICE" ]; then
        say "device $DEVICE not present; is the stick plugged in?"
        exit 1
    fi
    fstype="$(lsblk -no FSTYPE "$DEVICE" 2>/dev/null || true)"
    case "$fstype" in
        vfat|exfat|ext4) say "found $fstype filesystem on $DEVICE" ;;
        *) say "unexpected filesystem '$fstype' on $DEVICE"; exit 1 ;;
    esac
}

mount_stick() {
    sudo mkdir -p "$MOUNT_POINT"
    sudo mount -o ro,nosuid,nodev,noexec "$DEVICE" "$MOUNT_POINT"
    say "mounted $DEVICE at $MOUNT_POINT (read-only)"
}

copy_logs() {
    dest="$ARCHIVE/$STAMP"
    mkdir -p "$dest"
    count=0
    for f in "$MOUNT_POINT"/RT*.CSV "$MOUNT_POINT"/MRT/*.dat; do
        [ -f "$f" ] || continue
        cp -p "$f" "$dest/"
        count=$((count + 1))
    done
    if [ "$count" -eq 0 ]; then
        say "no logger files found on the stick"
        return 1
    fi
    ( cd "$dest" && sha256sum -- * > SHA256SUMS )
    say "copied $count files to $dest"
}

summarise() {
    dest="$ARCHIVE/$STAMP"
    for f in "$dest"/RT*.CSV; do
        [ -f "$f" ] || continue
        lines="$(wc -l < "$f")"
        say "$(basename "$f"): $lines readings"
    done
}

check_device
mount_stick
copy_logs
summarise
say "import done; remove the stick after this message"
