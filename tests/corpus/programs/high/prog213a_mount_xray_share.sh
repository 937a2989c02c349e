#!/usr/bin/env bash
# Mounts the radiology NAS export read-only and prints a per-species count
# of studies for the monthly imaging report.
set -euo pipefail

NAS_HOST="${NAS_HOST:-192.0.2.20}"
NAS_EXPORT="${NAS_EXPORT:-/export/xray}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/xray}"
MONTH="${MONTH:-$(date +%Y-%m)}"
OUT_DIR="./imaging_reports"
UNMOUNT_AFTER=1
LOG="./mount_xray_share.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG" >&2; }

while getopts ":m:kh" opt; do
    case "$opt" in
        m) MONTH="$OPTARG" ;;
        k) UNMOUNT_AFTER=0 ;;
        h) echo "usage: $0 [-m YYYY-MM] [-k keep mounted]"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

[[ "$MONTH" =~ ^[0-9]{4}-[0-9]{2}$ ]] || { log "month must be YYYY-MM"; exit 2; }

is_mounted() {
    mountpoint -q "$MOUNT_POINT"
}

do_mount() {
    if is_mounted; then
        log "$MOUNT_POINT already mounted"
        return 0
    fi
    if ! showmount -e "$NAS_HOST" 2>/dev/null | grep -q "^$NAS_EXPORT "; then
        log "NAS $NAS_HOST does not export $NAS_EXPORT"
        return 1
    fi
    [[ -d "$MOUNT_POINT" ]] || sudo mkdir -p "$MOUNT_POINT"
    log "mounting $NAS_HOST:$NAS_EXPORT on $MOUNT_POINT"
    sudo mount -t nfs -o ro,nosuid,nodev,vers=4 "$NAS_HOST:$NAS_EXPORT" "$MOUNT_POINT"
}

do_unmount() {
    if [[ $UNMOUNT_AFTER -eq 1 ]] && is_mounted; then
        sudo umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
    fi
}

count_studies() {
    local month_dir="$MOUNT_POINT/${MONTH//-//}"
    if [[ ! -d "$month_dir" ]]; then
        log "no studies directory for $MONTH ($month_dir)"
        return 1
    fi
    # one line per study: species<TAB>study-dir
    find "$month_dir" -mindepth 2 -maxdepth 2 -type d |
        while read -r study; do
            species=$(basename "$(dirname "$study")")
            printf '%s\t%s\n' "$species" "$study"
        done
}

summarize() {
    local listing="$1"
    mkdir -p "$OUT_DIR"
    STUDY_LIST="$listing" REPORT_MONTH="$MONTH" OUT_DIR="$OUT_DIR" python3 - <<'PY'
import collections, json, os

counts = collections.Counter()
for line in os.environ["STUDY_LIST"].splitlines():
    if "\t" in line:
        species, _ = line.split("\t", 1)
        counts[species.lower()] += 1
month = os.environ["REPORT_MONTH"]
out = os.path.join(os.environ["OUT_DIR"], f"xray_{month}.json")
with open(out, "w") as fh:
    json.dump({"month": month, "total": sum(counts.values()),
               "by_species": dict(counts.most_common())}, fh, indent=2)
for species, n in counts.most_common():
    print(f"{species:<12}{n:>6}")
print(f"{'total':<12}{sum(counts.values()):>6}")
PY
}

trap do_unmount EXIT

do_mount || { log "mount failed"; exit 1; }
listing=$(count_studies) || exit 1
log "found $(printf '%s\n' "$listing" | grep -c . || true) studies for $MONTH"
summarize "$listing"
