#!/bin/sh
# Import contravention photos from a docked handheld's SD card into
# the evidence folder for the notice processing team.
set -eu

DEVICE="${1:-}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/handheld}"
EVIDENCE_DIR="${EVIDENCE_DIR:-./evidence}"
OFFICER="${OFFICER:-unknown}"

die() {
    echo "error: $*" >&2
    exit 1
}

cleanup() {
    if mountpoint -q "$MOUNT_POINT" 2>/dev/null; then
        sudo umount "$MOUNT_POINT" || echo "warning: could not unmount $MOUNT_POINT" >&2
    fi
}

pick_device() {
    lsblk -rno NAME,RM,TYPE,LABEL | awk '$2 == 1 && $3 == "part" && $4 ~ /^CEO/ { print "/dev/" $1; exit }'
}

mount_card() {
    sudo mkdir -p "$MOUNT_POINT"
    sudo mount -o ro,noexec,nosuid,nodev "$DEVICE" "$MOUNT_POINT"
    echo "mounted $DEVICE read-only at $MOUNT_POINT"
}

copy_photos() {
    day_dir="$EVIDENCE_DIR/$(date +%Y-%m-%d)/$OFFICER"
    mkdir -p "$day_dir"
    count=0
    for photo in "$MOUNT_POINT"/DCIM/*/*.jpg "$MOUNT_POINT"/DCIM/*/*.JPG; do
        [ -f "$photo" ] || continue
        name="$(basename "$photo")"
        if [ -f "$day_dir/$name" ]; then
            continue
        fi
        cp -p "$photo" "$day_dir/$name"
        count=$((count + 1))
    done
    echo "$count new photo(s) copied to $day_dir"
}

write_checksums() {
    day_dir="$EVIDENCE_DIR/$(date +%Y-%m-%d)/$OFFICER"
    if [ -d "$day_dir" ]; then
        (cd "$day_dir" && sha256sum -- *.jpg *.JPG 2>/dev/null > SHA256SUMS || true)
        echo "checksums written"
    fi
}

if [ -z "$DEVICE" ]; then
    DEVICE="$(pick_device)"
fi
[ -n "$DEVICE" ] || die "no handheld card found; pass the partition, e.g. /dev/sdb1"
[ -b "$DEVICE" ] || die "$DEVICE is not a block device"

trap cleanup EXIT INT TERM
mount_card
copy_photos
write_checksums
