#!/bin/bash
# Copy the judges' marked-up books from the USB stick handed in at the
# end of each ring into the show's results folder.
set -euo pipefail

DEVICE="${1:-}"
MOUNT_POINT="${JUDGES_MOUNT:-/mnt/judges_usb}"
RESULTS_DIR="${RESULTS_DIR:-$HOME/show_results/judges_books}"
SHOW_CODE="${SHOW_CODE:-SPRING}"

usage() {
    echo "usage: $0 /dev/sdX1" >&2
    exit 2
}

find_device() {
    # newest removable partition if none given
    lsblk -rpno NAME,RM,TYPE | awk '$2 == 1 && $3 == "part" {print $1}' | tail -n 1
}

mount_stick() {
    sudo mkdir -p "$MOUNT_POINT"
    if mountpoint -q "$MOUNT_POINT"; then
        echo "already mounted at $MOUNT_POINT"
        return 0
    fi
    sudo mount -o ro,uid="$(id -u)",gid="$(id -g)" "$DEVICE" "$MOUNT_POINT"
    echo "mounted $DEVICE at $MOUNT_POINT"
}

unmount_stick() {
    if mountpoint -q "$MOUNT_POINT"; then
        sudo umount "$MOUNT_POINT"
        echo "unmounted $MOUNT_POINT"
    fi
}

copy_books() {
    local dest ring count=0
    mkdir -p "$RESULTS_DIR"
    while IFS= read -r -d '' book; do
        ring=$(basename "$(dirname "$book")")
        dest="$RESULTS_DIR/${SHOW_CODE}_${ring}"
        mkdir -p "$dest"
        if cp -n "$book" "$dest/"; then
            count=$((count + 1))
        fi
    done < <(find "$MOUNT_POINT" -type f \( -iname '*.pdf' -o -iname '*.jpg' -o -iname '*.xlsx' \) -print0)
    echo "copied $count files into $RESULTS_DIR"
}

checksum_books() {
    (cd "$RESULTS_DIR" && find . -type f ! -name SHA256SUMS -print0 | sort -z | xargs -0 sha256sum > SHA256SUMS)
    echo "checksums written"
}

main() {
    if [ -z "$DEVICE" ]; then
        DEVICE=$(find_device)
    fi
    [ -b "$DEVICE" ] || usage
    trap unmount_stick EXIT
    mount_stick
    copy_books
    checksum_books
}

main
