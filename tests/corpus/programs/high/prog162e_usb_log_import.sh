#!/bin/bash
# Import the data-logger files from an ambulance's USB stick into the
# workshop's diagnostics folder.
# Usage: prog162e_usb_log_import.sh <device> <vehicle-registration>

set -euo pipefail

DEST_ROOT="${DIAG_IMPORT_ROOT:-$HOME/diagnostics/imports}"
MOUNT_POINT="/mnt/fleet-usb"

usage() {
    echo "usage: $0 <device, e.g. /dev/sdb1> <registration>" >&2
    exit 2
}

[ $# -eq 2 ] || usage
DEVICE="$1"
REG=$(echo "$2" | tr '[:lower:]' '[:upper:]' | tr -cd 'A-Z0-9')

if [ ! -b "$DEVICE" ]; then
    echo "$DEVICE is not a block device" >&2
    exit 1
fi

if [ -z "$REG" ]; then
    echo "registration is empty after cleaning" >&2
    exit 1
fi

STAMP=$(date +%Y%m%d-%H%M%S)
DEST="$DEST_ROOT/$REG/$STAMP"
mkdir -p "$DEST"

cleanup() {
    if mountpoint -q "$MOUNT_POINT"; then
        sudo umount "$MOUNT_POINT" || echo "warning: could not unmount $MOUNT_POINT" >&2
    fi
}
trap cleanup EXIT

FSTYPE=$(lsblk -no FSTYPE "$DEVICE" | head -n1)
echo "device $DEVICE filesystem ${FSTYPE:-unknown}"

sudo mkdir -p "$MOUNT_POINT"
case "$FSTYPE" in
    vfat|exfat)
        sudo mount -o ro,uid="$(id -u)",gid="$(id -g)" "$DEVICE" "$MOUNT_POINT"
        ;;
    ntfs)
        sudo mount -t ntfs-3g -o ro "$DEVICE" "$MOUNT_POINT"
        ;;
    *)
        sudo mount -o ro "$DEVICE" "$MOUNT_POINT"
        ;;
esac

count=0
while IFS= read -r -d '' f; do
    rel="${f#"$MOUNT_POINT"/}"
    mkdir -p "$DEST/$(dirname "$rel")"
    cp -p "$f" "$DEST/$rel"
    count=$((count + 1))
done < <(find "$MOUNT_POINT" -type f \( -iname '*.log' -o -iname '*.csv' -o -iname '*.bin' -o -iname '*.mf4' \) -print0)

if [ "$count" -eq 0 ]; then
    echo "no logger files found on $DEVICE"
    rmdir "$DEST" 2>/dev/null || true
    exit 0
fi

( cd "$DEST" && find . -type f -exec sha256sum {} + > SHA256SUMS )

cat > "$DEST/import.txt" <<EOF
registration: $REG
device: $DEVICE
imported: $STAMP
files: $count
operator: $(id -un)
EOF

echo "imported $count files for $REG into $DEST"
