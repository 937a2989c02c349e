#!/usr/bin/env bash
# usb_media_mount.sh - mount vendor update media read-only.
#
# ATM and recycler vendors deliver firmware on USB sticks or as ISO images.
# This script finds the right device (or takes an image file), mounts it
# read-only under /mnt/vendor-media and lists what is on it, so the
# technician can copy the update into the working directory.
set -uo pipefail

MOUNT_POINT="${MOUNT_POINT:-/mnt/vendor-media}"
LABEL_HINT="${LABEL_HINT:-VENDOR}"
IMAGE=""
UNMOUNT=0
COPY_TO=""

log() { echo "$(date '+%T') usb-media: $*" >&2; }

usage() {
    echo "Usage: $0 [-i image.iso] [-l label] [-c copy_dir] [-u]" >&2
}

while getopts ":i:l:c:uh" opt; do
    case "$opt" in
        i) IMAGE="$OPTARG" ;;
        l) LABEL_HINT="$OPTARG" ;;
        c) COPY_TO="$OPTARG" ;;
        u) UNMOUNT=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ "$(id -u)" -ne 0 ]]; then
    log "run as root (mounting needs it)"
    exit 1
fi

if [[ "$UNMOUNT" -eq 1 ]]; then
    if mountpoint -q "$MOUNT_POINT"; then
        umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
    else
        log "$MOUNT_POINT is not mounted"
    fi
    exit 0
fi

# Pick the removable partition whose label matches; lsblk JSON goes to
# Python through an environment variable, the device path comes back.
find_device() {
    LSBLK_JSON="$(lsblk -J -o NAME,LABEL,RM,TYPE,FSTYPE,MOUNTPOINT)" HINT="$LABEL_HINT" python3 -c '
import json, os, sys
hint = os.environ["HINT"].upper()
def walk(nodes):
    for n in nodes:
        yield n
        yield from walk(n.get("children") or [])
data = json.loads(os.environ["LSBLK_JSON"])
for dev in walk(data.get("blockdevices", [])):
    removable = str(dev.get("rm")).lower() in ("1", "true")
    if removable and dev.get("type") == "part" and dev.get("fstype") and not dev.get("mountpoint"):
        if hint in (dev.get("label") or "").upper():
            print("/dev/" + dev["name"]); sys.exit(0)
sys.exit(1)
'
}

mkdir -p "$MOUNT_POINT"
if mountpoint -q "$MOUNT_POINT"; then
    log "$MOUNT_POINT already in use"
    exit 1
fi

if [[ -n "$IMAGE" ]]; then
    [[ -f "$IMAGE" ]] || { log "image $IMAGE not found"; exit 1; }
    mount -o loop,ro "$IMAGE" "$MOUNT_POINT" || { log "mount of $IMAGE failed"; exit 1; }
    log "mounted image $IMAGE"
else
    if ! device="$(find_device)"; then
        log "no unmounted removable partition labelled *$LABEL_HINT*"
        exit 1
    fi
    mount -o ro,nosuid,nodev,noexec "$device" "$MOUNT_POINT" || { log "mount of $device failed"; exit 1; }
    log "mounted $device"
fi

find "$MOUNT_POINT" -maxdepth 2 -type f -printf '%10s  %P\n' | sort -k2

if [[ -n "$COPY_TO" ]]; then
    mkdir -p "$COPY_TO"
    cp -r "$MOUNT_POINT"/. "$COPY_TO"/ && log "copied media contents to $COPY_TO"
    umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
fi
