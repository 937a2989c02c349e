#!/usr/bin/env bash
# Mount the case-records share from the office NAS and report its usage.
# Used by the office manager on the first of each month before the
# retention review: mounts the NFS export, reports space per year folder,
# then unmounts again unless --keep is given.

set -euo pipefail

NAS_HOST="${FH_NAS_HOST:-192.0.2.20}"
NAS_EXPORT="${FH_NAS_EXPORT:-/volume1/case-records}"
MOUNT_POINT="${FH_MOUNT_POINT:-/mnt/fh-records}"
MOUNT_OPTS="${FH_MOUNT_OPTS:-ro,vers=4.1,soft,timeo=50}"
REPORT="./records-usage-$(date +%Y-%m).txt"
KEEP=0

log() { printf '%s [nas] %s\n' "$(date '+%F %T')" "$*" >&2; }

usage() {
    echo "usage: $0 [--keep] [--rw]"
}

for arg in "$@"; do
    case "$arg" in
        --keep) KEEP=1 ;;
        --rw) MOUNT_OPTS="${MOUNT_OPTS/ro,/rw,}" ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

cleanup() {
    if (( KEEP == 0 )) && mountpoint -q "$MOUNT_POINT"; then
        log "unmounting $MOUNT_POINT"
        sudo umount "$MOUNT_POINT" || log "umount failed, leave it for now"
    fi
}
trap cleanup EXIT

if ! ping -c1 -W2 "$NAS_HOST" >/dev/null 2>&1; then
    log "NAS $NAS_HOST is not answering"
    exit 1
fi

if mountpoint -q "$MOUNT_POINT"; then
    log "$MOUNT_POINT already mounted"
else
    log "mounting ${NAS_HOST}:${NAS_EXPORT} on $MOUNT_POINT ($MOUNT_OPTS)"
    sudo mkdir -p "$MOUNT_POINT"
    if ! sudo mount -t nfs -o "$MOUNT_OPTS" "${NAS_HOST}:${NAS_EXPORT}" "$MOUNT_POINT"; then
        log "mount failed"
        exit 1
    fi
fi

# Per-year usage: du output piped into python for a tidy table.
du -s --block-size=1M "$MOUNT_POINT"/[12][0-9][0-9][0-9] 2>/dev/null |
    RETAIN_YEARS="${FH_RETAIN_YEARS:-7}" python3 -c '
import os, sys, datetime
retain = int(os.environ["RETAIN_YEARS"])
this_year = datetime.date.today().year
total = 0
rows = []
for line in sys.stdin:
    size, path = line.split(None, 1)
    year = int(os.path.basename(path.strip()))
    total += int(size)
    flag = "review" if this_year - year >= retain else ""
    rows.append((year, int(size), flag))
print("{:>6} {:>10}  note".format("year", "MiB"))
for year, size, flag in sorted(rows):
    print(f"{year:>6} {size:>10}  {flag}")
print("{:>6} {:>10}".format("total", total))
' > "$REPORT"

CASES="$(find "$MOUNT_POINT" -mindepth 2 -maxdepth 2 -type d 2>/dev/null | wc -l)"
echo "case folders: $CASES" >> "$REPORT"
log "report written to $REPORT"
cat "$REPORT"
