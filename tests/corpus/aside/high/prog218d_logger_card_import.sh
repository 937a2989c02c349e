#!/usr/bin/env bash
# Import readings from the weather logger's SD card.
# The stand-alone rain/temperature loggers in the outer blocks record to an
# SD card.  Plug the card into the office machine, then run this: it mounts
# the card read-only, merges the CSV files into ./imports and unmounts.
set -euo pipefail

DEVICE="${1:-/dev/sdb1}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/wx-logger}"
IMPORT_DIR="${IMPORT_DIR:-$PWD/imports}"
LOGGER_ID="${LOGGER_ID:-}"

log() { echo "$(date '+%F %T') card-import: $*" >&2; }

if [[ $EUID -ne 0 ]]; then
  log "run as root (mounting needs it)"
  exit 1
fi
if [[ ! -b "$DEVICE" ]]; then
  log "$DEVICE is not a block device"
  exit 1
fi

mkdir -p "$MOUNT_POINT" "$IMPORT_DIR"

cleanup() {
  if mountpoint -q "$MOUNT_POINT"; then
    umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
  fi
}
trap cleanup EXIT

FSTYPE="$(blkid -o value -s TYPE "$DEVICE" || echo vfat)"
log "mounting $DEVICE ($FSTYPE) on $MOUNT_POINT read-only"
mount -t "$FSTYPE" -o ro,noexec,nosuid "$DEVICE" "$MOUNT_POINT"

if [[ -z "$LOGGER_ID" && -f "$MOUNT_POINT/LOGGER.TXT" ]]; then
  LOGGER_ID="$(head -n1 "$MOUNT_POINT/LOGGER.TXT" | tr -cd 'A-Za-z0-9_-')"
fi
LOGGER_ID="${LOGGER_ID:-unknown}"
log "logger id: $LOGGER_ID"

export MOUNT_POINT IMPORT_DIR LOGGER_ID
rc=0
python3 - <<'PYEOF' || rc=$?
import csv
import glob
import logging
import os
import sys

logging.basicConfig(level=logging.INFO, format="merge: %(message)s")
src = os.environ["MOUNT_POINT"]
dest = os.path.join(os.environ["IMPORT_DIR"], os.environ["LOGGER_ID"] + ".csv")

seen = set()
if os.path.exists(dest):
    with open(dest, newline="") as fh:
        for row in csv.reader(fh):
            if row:
                seen.add(row[0])

added = 0
files = sorted(glob.glob(os.path.join(src, "**", "*.CSV"), recursive=True)
               + glob.glob(os.path.join(src, "**", "*.csv"), recursive=True))
with open(dest, "a", newline="") as out:
    writer = csv.writer(out)
    for path in files:
        try:
            with open(path, newline="", errors="replace") as fh:
                for row in csv.reader(fh):
                    if not row or row[0].lower().startswith("time"):
                        continue
                    if row[0] in seen:
                        continue
                    seen.add(row[0])
                    writer.writerow(row)
                    added += 1
        except OSError as exc:
            logging.warning("%s: %s", path, exc)
logging.info("%d files scanned, %d new rows in %s", len(files), added, dest)
if not files:
    sys.exit(3)
PYEOF
log "merge finished (rc=$rc)"
