#!/bin/sh
# Mounts a distributor's DCP delivery drive (CRU caddy, ext2/ext3) read-only,
# copies the packages into the local library and unmounts it again.
set -eu

MOUNT_POINT="${DCP_MOUNT:-/mnt/dcp-delivery}"
LIBRARY="${DCP_LIBRARY:-$HOME/dcp-library}"
LABEL_HINT="${DCP_LABEL:-}"
KEEP_MOUNTED=0

msg() { printf '%s mount-dcp: %s\n' "$(date '+%T')" "$*" >&2; }

priv() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

usage() {
    echo "usage: $(basename "$0") [-d /dev/sdX1] [-k]" >&2
    exit 2
}

DEVICE=""
while getopts "d:kh" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        k) KEEP_MOUNTED=1 ;;
        *) usage ;;
    esac
done

find_delivery_device() {
    # removable partitions with an ext filesystem, optionally matching a label
    lsblk -rpno NAME,FSTYPE,LABEL,RM,TYPE | while read -r name fstype label rm type; do
        [ "$type" = "part" ] || continue
        case "$fstype" in ext2|ext3|ext4) ;; *) continue ;; esac
        if [ -n "$LABEL_HINT" ] && [ "$label" != "$LABEL_HINT" ]; then
            continue
        fi
        [ "$rm" = "1" ] || [ -n "$LABEL_HINT" ] || continue
        printf '%s\n' "$name"
        break
    done
}

attach() {
    fstype=$(lsblk -no FSTYPE "$DEVICE")
    priv mkdir -p "$MOUNT_POINT"
    if mountpoint -q "$MOUNT_POINT"; then
        msg "$MOUNT_POINT already in use"
        exit 1
    fi
    verb=$(printf '%s' mount)
    priv "$verb" -t "$fstype" -o ro,noexec,nosuid,nodev "$DEVICE" "$MOUNT_POINT"
    msg "mounted $DEVICE at $MOUNT_POINT"
}

detach() {
    [ "$KEEP_MOUNTED" -eq 1 ] && { msg "leaving drive mounted (-k)"; return 0; }
    sync
    priv umount "$MOUNT_POINT" && msg "unmounted $MOUNT_POINT"
}

copy_packages() {
    mkdir -p "$LIBRARY"
    count=0
    for pkg in "$MOUNT_POINT"/*/; do
        [ -d "$pkg" ] || continue
        if [ ! -f "$pkg/ASSETMAP" ] && [ ! -f "$pkg/ASSETMAP.xml" ]; then
            msg "skipping $(basename "$pkg"): no asset map"
            continue
        fi
        name=$(basename "$pkg")
        if [ -d "$LIBRARY/$name" ]; then
            msg "$name already in library"
            continue
        fi
        msg "copying $name"
        rsync -a --info=progress2 "$pkg" "$LIBRARY/$name/"
        count=$((count + 1))
    done
    msg "$count new package(s) copied"
}

[ -n "$DEVICE" ] || DEVICE=$(find_delivery_device)
[ -n "$DEVICE" ] || { msg "no delivery drive found"; exit 1; }

attach
trap detach EXIT
copy_packages
