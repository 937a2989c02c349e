#!/usr/bin/env bash
# Mount a USB drive so its files can be copied.
#   usage: ./mount_usb_drive.sh [device] [mountpoint]
# With no device given, picks the first removable partition lsblk reports.
set -euo pipefail

DEVICE="${1:-}"
MOUNTPOINT="${2:-/mnt/usb}"

if [ -z "$DEVICE" ]; then
    echo "Looking for a removable partition..."
    DEVICE=$(lsblk -rpno NAME,RM,TYPE | awk '$2==1 && $3=="part" {print $1; exit}')
fi

if [ -z "$DEVICE" ] || [ ! -b "$DEVICE" ]; then
    echo "No USB partition found. Plug in the drive and check 'lsblk'." >&2
    exit 1
fi

FSTYPE=$(lsblk -no FSTYPE "$DEVICE")
echo "Found $DEVICE (filesystem: ${FSTYPE:-unknown})"

if findmnt -rn "$DEVICE" >/dev/null; then
    echo "$DEVICE is already mounted at $(findmnt -rno TARGET "$DEVICE")"
    exit 0
fi

sudo mkdir -p "$MOUNTPOINT"

# vfat/exfat have no Unix owners, so mount them as the current user
case "$FSTYPE" in
    vfat|exfat) OPTS="uid=$(id -u),gid=$(id -g),umask=022" ;;
    *)          OPTS="defaults" ;;
esac

echo "Mounting $DEVICE at $MOUNTPOINT ($OPTS)"
sudo mount -o "$OPTS" "$DEVICE" "$MOUNTPOINT"

df -h "$MOUNTPOINT"
echo "Done. When finished: sudo umount $MOUNTPOINT"
