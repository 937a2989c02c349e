#!/usr/bin/env bash
# usb_inventory_import.sh - import the equipment check sheets from the
# quartermaster's USB stick into the station inventory.
#
# The tablet used on the apparatus floor exports check sheets as CSV onto a
# USB stick.  This mounts the stick read-only, merges the sheets into
# ./inventory.csv with a small Python step, and unmounts again.
#
# Usage: usb_inventory_import.sh [-d /dev/sdX1] [-m mountpoint] [-n]

set -u

DEVICE=""
MOUNTPOINT="/mnt/qm-stick"
INVENTORY="./inventory.csv"
DRY_RUN=0
LOG="./usb_import.log"
MOUNTED=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

cleanup() {
    if [ "$MOUNTED" -eq 1 ]; then
        sudo umount "$MOUNTPOINT" && log "unmounted $MOUNTPOINT"
    fi
}
trap cleanup EXIT

while getopts "d:m:n" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        m) MOUNTPOINT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) echo "usage: $0 [-d device] [-m mountpoint] [-n]" >&2; exit 2 ;;
    esac
done

# find the stick by its filesystem label if no device was given
if [ -z "$DEVICE" ]; then
    DEVICE="$(lsblk -rpo NAME,LABEL | awk '$2=="QM_CHECKS"{print $1; exit}')"
fi
if [ -z "$DEVICE" ] || [ ! -b "$DEVICE" ]; then
    log "no QM_CHECKS stick found (device: '${DEVICE:-none}')"
    exit 1
fi

sudo mkdir -p "$MOUNTPOINT"
if ! sudo mount -o ro,nosuid,nodev,noexec "$DEVICE" "$MOUNTPOINT"; then
    log "mount of $DEVICE failed"
    exit 1
fi
MOUNTED=1
log "mounted $DEVICE on $MOUNTPOINT"

sheets="$(find "$MOUNTPOINT" -maxdepth 2 -name 'check_*.csv' | sort)"
if [ -z "$sheets" ]; then
    log "no check sheets on the stick"
    exit 0
fi
log "found $(printf '%s\n' "$sheets" | wc -l) check sheets"

export IMPORT_SHEETS="$sheets" IMPORT_INVENTORY="$INVENTORY" IMPORT_DRY="$DRY_RUN"
summary="$(python3 - <<'PYEOF'
import csv, os

inv_path = os.environ["IMPORT_INVENTORY"]
fields = ["asset_id", "description", "location", "status", "last_check"]
inventory = {}
if os.path.exists(inv_path):
    with open(inv_path, newline="") as fh:
        for row in csv.DictReader(fh):
            inventory[row["asset_id"]] = row

updated = added = 0
for sheet in os.environ["IMPORT_SHEETS"].splitlines():
    with open(sheet, newline="") as fh:
        for row in csv.DictReader(fh):
            aid = (row.get("asset_id") or "").strip()
            if not aid:
                continue
            entry = inventory.get(aid)
            if entry is None:
                entry = {f: "" for f in fields}
                entry["asset_id"] = aid
                inventory[aid] = entry
                added += 1
            else:
                updated += 1
            for f in ("description", "location", "status", "last_check"):
                if row.get(f):
                    entry[f] = row[f].strip()

if os.environ["IMPORT_DRY"] != "1":
    with open(inv_path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        for aid in sorted(inventory):
            w.writerow({f: inventory[aid].get(f, "") for f in fields})
print("added=%d updated=%d total=%d" % (added, updated, len(inventory)))
PYEOF
)" || { log "import step failed"; exit 1; }

log "import result: $summary"
exit 0
