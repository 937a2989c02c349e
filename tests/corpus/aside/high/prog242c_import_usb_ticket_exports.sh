#!/usr/bin/env bash
# import_usb_ticket_exports.sh - pull box office exports off the USB stick.
#
# The standalone box office laptop at the ball venue has no network, so at
# the end of each selling session the ticket exports are copied to a USB
# stick. Back in the union office, plug the stick into the events PC and run
# this: it mounts the stick read-only, copies new CSV exports into
# ./imports/<date>/, checks them, and unmounts again.

set -euo pipefail

DEVICE="${USB_DEVICE:-/dev/sdb1}"
MOUNT_POINT="/mnt/box_office_usb"
IMPORT_ROOT="./imports"
PATTERN="tickets_*.csv"
KEEP_MOUNTED=0

log() { printf '%s [%s] %s\n' "$(date '+%T')" "$1" "$2" >&2; }

usage() {
    echo "Usage: $0 [-d /dev/sdX1] [-m mountpoint] [-k]" >&2
    echo "  -k  leave the stick mounted afterwards" >&2
}

while getopts ":d:m:kh" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        m) MOUNT_POINT="$OPTARG" ;;
        k) KEEP_MOUNTED=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

if [[ ! -b "$DEVICE" ]]; then
    log ERROR "$DEVICE is not a block device - is the stick plugged in?"
    lsblk -o NAME,SIZE,LABEL,MOUNTPOINT >&2 || true
    exit 66
fi

cleanup() {
    if [[ $KEEP_MOUNTED -eq 0 ]] && mountpoint -q "$MOUNT_POINT"; then
        log INFO "unmounting $MOUNT_POINT"
        sudo umount "$MOUNT_POINT" || log WARN "umount failed; eject manually"
    fi
}
trap cleanup EXIT

if ! mountpoint -q "$MOUNT_POINT"; then
    log INFO "mounting $DEVICE read-only on $MOUNT_POINT"
    sudo mkdir -p "$MOUNT_POINT"
    sudo mount -o ro,noexec,nosuid,uid="$(id -u)" "$DEVICE" "$MOUNT_POINT"
fi

dest="$IMPORT_ROOT/$(date +%F)"
mkdir -p "$dest"

copied=0
skipped=0
bad=0
shopt -s nullglob
for f in "$MOUNT_POINT"/$PATTERN; do
    name="$(basename "$f")"
    if [[ -e "$dest/$name" ]] && cmp -s "$f" "$dest/$name"; then
        skipped=$((skipped + 1))
        continue
    fi
    header="$(head -n 1 "$f")"
    if [[ "$header" != order_id,* ]]; then
        log WARN "$name has an unexpected header, not importing"
        bad=$((bad + 1))
        continue
    fi
    cp -- "$f" "$dest/$name"
    chmod 0600 "$dest/$name"
    rows=$(( $(wc -l < "$dest/$name") - 1 ))
    log INFO "imported $name ($rows orders)"
    copied=$((copied + 1))
done

log INFO "copied=$copied unchanged=$skipped rejected=$bad into $dest"
if (( bad > 0 )); then
    exit 1
fi
exit 0
