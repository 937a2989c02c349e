#!/usr/bin/env bash
# usb_catalog_import.sh -- imports the supplier catalog CSVs that the
# distributor's rep hands over on a USB stick.  Finds the stick by its
# volume label, mounts it read-only, converts the CSVs to catalog.json and
# unmounts again.
set -euo pipefail

LABEL="${USB_LABEL:-SUPPLIER}"
MNT="$PWD/usb_mnt"
OUT="$PWD/catalog.json"
LOG="$PWD/usb_import.log"
KEEP_MOUNTED=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

usage() { echo "usage: $0 [-l volume_label] [-o catalog.json] [-k]" >&2; }

while getopts ":l:o:kh" opt; do
    case "$opt" in
        l) LABEL="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        k) KEEP_MOUNTED=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

find_device() {
    lsblk -rno NAME,LABEL,TYPE 2>/dev/null | \
        awk -v want="$LABEL" '$2 == want && $3 == "part" { print "/dev/" $1; exit }'
}

cleanup() {
    if [[ $KEEP_MOUNTED -eq 0 ]] && mountpoint -q "$MNT"; then
        umount "$MNT" && log "unmounted $MNT"
    fi
}
trap cleanup EXIT

DEV="$(find_device || true)"
if [[ -z "$DEV" ]]; then
    log "no partition labelled $LABEL found; is the stick plugged in?"
    exit 1
fi
log "found $DEV"

mkdir -p "$MNT"
if ! mountpoint -q "$MNT"; then
    mount -o ro,nosuid,nodev,noexec "$DEV" "$MNT"
    log "mounted $DEV on $MNT (read-only)"
fi

mapfile -t CSVS < <(find "$MNT" -maxdepth 2 -iname '*.csv' -type f | sort)
if [[ ${#CSVS[@]} -eq 0 ]]; then
    log "no CSV files on the stick"
    exit 1
fi
log "converting ${#CSVS[@]} files"

# File list and output path go to the converter through the environment.
CSV_LIST="$(printf '%s\n' "${CSVS[@]}")" OUT_JSON="$OUT" python3 - <<'PY'
import csv
import json
import os
import sys

catalog = {}
skipped = 0
for path in (p.strip() for p in os.environ["CSV_LIST"].splitlines() if p.strip()):
    supplier = os.path.splitext(os.path.basename(path))[0]
    with open(path, newline="", encoding="utf-8", errors="replace") as fh:
        for row in csv.DictReader(fh):
            sku = (row.get("sku") or row.get("SKU") or "").strip()
            if not sku:
                skipped += 1
                continue
            try:
                price = float((row.get("price") or "0").replace(",", "."))
            except ValueError:
                price = None
            catalog[sku] = {
                "supplier": supplier,
                "description": (row.get("description") or "").strip(),
                "price": price,
            }
with open(os.environ["OUT_JSON"], "w") as out:
    json.dump(catalog, out, indent=1, sort_keys=True)
print(f"{len(catalog)} items, {skipped} rows skipped", file=sys.stderr)
PY

log "catalog written to $OUT"
