#!/usr/bin/env bash
# Pull readings off the weather-mast USB data logger.
# The keeper plugs the logger stick into the monitoring box once a week; this
# finds it by filesystem label, mounts it read-only, copies new CSV files into
# the working directory, summarises them and unmounts again.
set -euo pipefail

PROG="$(basename "$0")"
LABEL="${WX_LABEL:-WXLOGGER}"
MOUNTPOINT="./mnt/wxlogger"
DEST="./wx_readings"
KEEP_MOUNTED=0

log() { echo "$(date +%FT%T) $PROG: $*" >&2; }

usage() {
    echo "usage: $PROG [--label LABEL] [--dest DIR] [--keep-mounted]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --label) LABEL="$2"; shift 2 ;;
        --dest) DEST="$2"; shift 2 ;;
        --keep-mounted) KEEP_MOUNTED=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

find_device() {
    local dev
    dev="$(lsblk -rno PATH,LABEL | awk -v l="$LABEL" '$2 == l {print $1; exit}')"
    if [[ -z "$dev" ]]; then
        log "no device labelled $LABEL; is the logger plugged in?"
        return 1
    fi
    echo "$dev"
}

cleanup() {
    if [[ $KEEP_MOUNTED -eq 0 ]] && mountpoint -q "$MOUNTPOINT"; then
        umount "$MOUNTPOINT" && log "unmounted $MOUNTPOINT"
    fi
}
trap cleanup EXIT

DEV="$(find_device)" || exit 1
mkdir -p "$MOUNTPOINT" "$DEST"

if mountpoint -q "$MOUNTPOINT"; then
    log "$MOUNTPOINT already mounted"
else
    log "mounting $DEV on $MOUNTPOINT (read-only)"
    mount -o ro,nosuid,nodev,noexec "$DEV" "$MOUNTPOINT"
fi

copied=0
while IFS= read -r -d '' f; do
    base="$(basename "$f")"
    if [[ ! -e "$DEST/$base" ]]; then
        cp -p "$f" "$DEST/$base"
        copied=$((copied + 1))
    fi
done < <(find "$MOUNTPOINT" -maxdepth 2 -type f -name 'WX_*.csv' -print0)
log "copied $copied new file(s) into $DEST"

# Summarise with python; the directory is handed over in the environment.
SUMMARY="$(WX_DIR="$DEST" python3 - <<'PY'
import csv, glob, os, statistics
rows = []
for path in sorted(glob.glob(os.path.join(os.environ["WX_DIR"], "WX_*.csv"))):
    with open(path, newline="") as fh:
        for r in csv.DictReader(fh):
            try:
                rows.append((float(r["wind_kn"]), float(r["pressure_hpa"])))
            except (KeyError, ValueError):
                continue
if not rows:
    print("no readings")
else:
    winds = [w for w, _ in rows]
    press = [p for _, p in rows]
    print(f"{len(rows)} readings; wind mean {statistics.mean(winds):.1f} kn "
          f"max {max(winds):.1f} kn; pressure {min(press):.0f}-{max(press):.0f} hPa")
PY
)"
log "$SUMMARY"
echo "$(date +%F) $SUMMARY" >>"$DEST/summary.log"
