#!/usr/bin/env bash
# vdr_usb_import.sh - imports voyage data recorder (VDR) exports from the
# USB stick a skipper hands in at the office: mounts it read-only, copies
# the export files into ./vdr_imports/<vessel>/<date>, indexes them and
# unmounts.
set -euo pipefail

DEVICE="${VDR_DEVICE:-}"
MOUNT_POINT="/mnt/vdr_usb"
DEST_ROOT="./vdr_imports"
LOG="./vdr_import.log"
VESSEL=""

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

usage() {
    echo "usage: $0 -v VESSEL [-d /dev/sdX1]"
    echo "  without -d the newest removable partition is used"
}

while getopts ":v:d:h" opt; do
    case "$opt" in
        v) VESSEL="$OPTARG" ;;
        d) DEVICE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
[[ -n "$VESSEL" ]] || { usage; exit 2; }

find_device() {
    lsblk -J -o NAME,RM,TYPE,FSTYPE | python3 -c '
import json, sys
data = json.load(sys.stdin)
best = None
for disk in data.get("blockdevices", []):
    if str(disk.get("rm")) not in ("1", "True", "true"):
        continue
    for part in disk.get("children", []) or []:
        if part.get("type") == "part" and part.get("fstype") in ("vfat", "exfat", "ntfs"):
            best = "/dev/" + part["name"]
print(best or "")
'
}

cleanup() {
    if mountpoint -q "$MOUNT_POINT"; then
        sudo umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
    fi
}
trap cleanup EXIT

if [[ -z "$DEVICE" ]]; then
    DEVICE=$(find_device)
    [[ -n "$DEVICE" ]] || { log "no removable partition found"; exit 1; }
fi
log "using device $DEVICE for vessel $VESSEL"

sudo mkdir -p "$MOUNT_POINT"
sudo mount -o ro,nosuid,nodev,noexec "$DEVICE" "$MOUNT_POINT"
log "mounted $DEVICE at $MOUNT_POINT"

STAMP=$(date +%Y%m%d)
DEST="$DEST_ROOT/$VESSEL/$STAMP"
mkdir -p "$DEST"

copied=0
while IFS= read -r -d '' f; do
    cp --preserve=timestamps "$f" "$DEST/"
    copied=$((copied + 1))
done < <(find "$MOUNT_POINT" -maxdepth 3 -type f \( -iname '*.vdr' -o -iname '*.xml' -o -iname '*.nmea' -o -iname '*.csv' \) -print0)
log "copied $copied files to $DEST"

if (( copied == 0 )); then
    log "nothing to index"
    exit 0
fi

INDEX_DIR="$DEST" VESSEL="$VESSEL" python3 - <<'PY'
import hashlib, json, os
root = os.environ["INDEX_DIR"]
entries = []
for name in sorted(os.listdir(root)):
    path = os.path.join(root, name)
    if not os.path.isfile(path) or name == "index.json":
        continue
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    entries.append({"file": name, "bytes": os.path.getsize(path), "sha256": h.hexdigest()})
with open(os.path.join(root, "index.json"), "w") as fh:
    json.dump({"vessel": os.environ["VESSEL"], "files": entries}, fh, indent=2)
print(f"indexed {len(entries)} files")
PY
log "import complete"
