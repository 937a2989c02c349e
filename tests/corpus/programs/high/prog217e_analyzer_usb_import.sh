#!/usr/bin/env bash
# Import result files from the USB stick the cryoscope writes its runs to.
# The stick is mounted read-only, the freezing-point results are parsed and
# written to ./imports as one CSV per run day, then the stick is unmounted.
set -euo pipefail

DEVICE="${USB_DEVICE:-/dev/sdb1}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/cryoscope}"
OUT_DIR="./imports"
LIMIT_MC="-0.515"   # freezing point limit in degrees C (added-water check)
MOUNTED=0

log() { printf '%s [usb-import] %s\n' "$(date +%T)" "$*" >&2; }

cleanup() {
    if [[ "$MOUNTED" -eq 1 ]]; then
        log "unmounting $MOUNT_POINT"
        sudo umount "$MOUNT_POINT" || log "umount failed, remove the stick manually"
    fi
}
trap cleanup EXIT

while getopts ":d:m:o:l:h" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        m) MOUNT_POINT="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        l) LIMIT_MC="$OPTARG" ;;
        h) echo "usage: $0 [-d device] [-m mountpoint] [-o outdir] [-l limit]"; exit 0 ;;
        *) exit 1 ;;
    esac
done

mount_stick() {
    if [[ ! -b "$DEVICE" ]]; then
        log "no block device $DEVICE"
        exit 1
    fi
    sudo mkdir -p "$MOUNT_POINT"
    log "mounting $DEVICE on $MOUNT_POINT (read-only)"
    sudo mount -o ro,nosuid,nodev,noexec "$DEVICE" "$MOUNT_POINT"
    MOUNTED=1
}

parse_results() {
    SRC_DIR="$MOUNT_POINT" OUT_DIR="$OUT_DIR" FP_LIMIT="$LIMIT_MC" python3 - <<'PY'
import csv, glob, os, sys
from collections import defaultdict

src, out = os.environ["SRC_DIR"], os.environ["OUT_DIR"]
limit = float(os.environ["FP_LIMIT"])
os.makedirs(out, exist_ok=True)
by_day = defaultdict(list)
for path in sorted(glob.glob(os.path.join(src, "RUN*.TXT"))):
    with open(path, encoding="latin-1") as fh:
        for line in fh:
            parts = line.strip().split(";")
            if len(parts) < 4 or not parts[0][:1].isdigit():
                continue
            date, time_, sample, fp = parts[:4]
            try:
                value = float(fp.replace(",", "."))
            except ValueError:
                continue
            flag = "ADDED_WATER?" if value > limit else ""
            by_day[date].append((time_, sample, f"{value:.3f}", flag))
for day, rows in by_day.items():
    target = os.path.join(out, f"cryoscope_{day.replace('/', '-')}.csv")
    with open(target, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["time", "sample", "freezing_point_c", "flag"])
        w.writerows(rows)
    flagged = sum(1 for r in rows if r[3])
    print(f"{target}: {len(rows)} samples, {flagged} flagged", file=sys.stderr)
PY
}

main() {
    mount_stick
    local count
    count="$(find "$MOUNT_POINT" -maxdepth 1 -iname 'RUN*.TXT' | wc -l)"
    log "$count run files on stick"
    if [[ "$count" -eq 0 ]]; then
        log "nothing to import"
        exit 0
    fi
    parse_results
    log "import finished into $OUT_DIR"
}

main
