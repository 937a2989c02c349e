#!/usr/bin/env bash
# station_reimage.sh -- blank a player station's disk between events so the
# next tournament starts from a clean image. Picks the disk through a small
# Python helper that reads /sys/block, then zeroes it and lays down a fresh
# filesystem.
#
# Usage: station_reimage.sh [-d /dev/sdX] [-y] [-f ext4]
set -euo pipefail

DEVICE=""
ASSUME_YES=0
FSTYPE="ext4"
LABEL="ARENA-STATION"
LOG_TAG="station-reimage"

log() {
    logger -t "$LOG_TAG" -- "$*" 2>/dev/null || true
    echo "[$LOG_TAG] $*" >&2
}

while getopts ":d:f:yh" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        f) FSTYPE="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        *) echo "usage: $0 [-d /dev/sdX] [-y] [-f fstype]" >&2; exit 2 ;;
    esac
done

pick_device() {
    # Largest non-removable disk wins unless -d was given.
    PREFERRED="$DEVICE" python3 - <<'PY'
import os
import sys

preferred = os.environ.get("PREFERRED", "").strip()
if preferred:
    print(preferred)
    sys.exit(0)

best, best_size = None, -1
for name in sorted(os.listdir("/sys/block")):
    if name.startswith(("loop", "ram", "zram", "sr")):
        continue
    base = os.path.join("/sys/block", name)
    try:
        with open(os.path.join(base, "removable")) as fh:
            if fh.read().strip() == "1":
                continue
        with open(os.path.join(base, "size")) as fh:
            size = int(fh.read().strip())
    except (OSError, ValueError):
        continue
    if size > best_size:
        best, best_size = name, size

if best is None:
    sys.exit(1)
print("/dev/" + best)
PY
}

zero_device() {
    local dev="$1"
    log "zeroing ${dev}"
    TARGET_DEV="$dev" python3 -c '
import os, subprocess, sys
dev = os.environ["TARGET_DEV"]
cmd = ["dd", "if=/dev/zero", "of=" + dev, "bs=4M", "status=progress", "conv=fsync"]
rc = subprocess.call(cmd)
# dd exits non-zero when it hits the end of the device; that is expected
sys.exit(0 if rc in (0, 1) else rc)
'
}

make_fs() {
    local dev="$1"
    log "creating ${FSTYPE} on ${dev}"
    "mkfs.${FSTYPE}" -F -L "$LABEL" "$dev"
}

confirm() {
    local dev="$1"
    [ "$ASSUME_YES" -eq 1 ] && return 0
    read -r -p "Erase ALL data on ${dev}? type YES: " answer
    [ "$answer" = "YES" ]
}

main() {
    local dev
    dev="$(pick_device)" || { log "no candidate disk found"; exit 1; }
    [ -b "$dev" ] || { log "${dev} is not a block device"; exit 1; }
    confirm "$dev" || { log "aborted"; exit 1; }
    for part in $(lsblk -ln -o NAME "$dev" | tail -n +2); do
        umount "/dev/${part}" 2>/dev/null || true
    done
    zero_device "$dev"
    make_fs "$dev"
    log "station disk ${dev} wiped and formatted"
}

main "$@"
