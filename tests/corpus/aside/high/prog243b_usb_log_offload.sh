#!/usr/bin/env bash
# Offload the sensor logger's USB stick: mount it, copy the day files into
# ./archive, summarise them, and unmount again.
# Usage: prog243b_usb_log_offload.sh [-d /dev/sdX1] [-m mountpoint] [-k]
set -uo pipefail

DEVICE="${LOGGER_DEVICE:-/dev/sda1}"
MOUNT_POINT="/mnt/sensorlog"
ARCHIVE_DIR="./archive"
KEEP_MOUNTED=0

log() { printf '%s offload: %s\n' "$(date +%T)" "$*" >&2; }

while getopts "d:m:k" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        m) MOUNT_POINT="$OPTARG" ;;
        k) KEEP_MOUNTED=1 ;;
        *) sed -n '4p' "$0" >&2; exit 1 ;;
    esac
done

if [[ ! -b "$DEVICE" ]]; then
    log "$DEVICE is not a block device; is the logger stick inserted?"
    exit 1
fi

cleanup() {
    if [[ "$KEEP_MOUNTED" -eq 0 ]] && mountpoint -q "$MOUNT_POINT"; then
        sync
        umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
    fi
}
trap cleanup EXIT

mkdir -p "$MOUNT_POINT" "$ARCHIVE_DIR"
if ! mountpoint -q "$MOUNT_POINT"; then
    if ! mount -o ro,noexec,nosuid "$DEVICE" "$MOUNT_POINT"; then
        log "mount of $DEVICE failed"
        exit 2
    fi
    log "mounted $DEVICE on $MOUNT_POINT"
fi

COPIED=0
while IFS= read -r -d '' f; do
    base="$(basename "$f")"
    if [[ ! -f "$ARCHIVE_DIR/$base" ]] || ! cmp -s "$f" "$ARCHIVE_DIR/$base"; then
        cp "$f" "$ARCHIVE_DIR/$base"
        COPIED=$((COPIED + 1))
    fi
done < <(find "$MOUNT_POINT" -maxdepth 2 -type f -name 'LOG_*.csv' -print0)
log "copied $COPIED new or changed files"

# Summarise all archived day files in python; the list goes over a pipe.
find "$ARCHIVE_DIR" -maxdepth 1 -name 'LOG_*.csv' | sort | \
ARCHIVE_DIR="$ARCHIVE_DIR" python3 -c '
import csv, os, statistics, sys
rows = []
for line in sys.stdin:
    path = line.strip()
    try:
        with open(path) as fh:
            for r in csv.DictReader(fh):
                try:
                    rows.append((float(r["ec"]), float(r["ph"]), float(r["temp"])))
                except (KeyError, ValueError):
                    continue
    except OSError as exc:
        print(f"skip {path}: {exc}", file=sys.stderr)
if not rows:
    print("no readings found")
    sys.exit(0)
ec, ph, t = zip(*rows)
summary = (f"readings={len(rows)} ec_mean={statistics.mean(ec):.2f} "
           f"ph_mean={statistics.mean(ph):.2f} temp_max={max(t):.1f}")
print(summary)
with open(os.path.join(os.environ["ARCHIVE_DIR"], "SUMMARY.txt"), "w") as fh:
    fh.write(summary + "\n")
'
