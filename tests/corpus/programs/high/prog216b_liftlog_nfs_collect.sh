#!/usr/bin/env bash
# Collect yesterday's lift drive logs from the maintenance NAS.
#
# Mounts the NAS export read-only, copies the drive logs for the requested
# day into ./liftlogs/<date>/, summarises fault counts per lift, and
# unmounts again.
#
# Usage: liftlog_nfs_collect.sh [-d YYYY-MM-DD] [-s server:/export] [-m mountpoint]

set -uo pipefail

DAY="$(date -d yesterday +%F)"
SHARE="${LIFTLOG_SHARE:-192.0.2.10:/exports/liftlogs}"
MOUNTPOINT="/mnt/liftlogs"
DEST_ROOT="./liftlogs"

log() { echo "[$(date +%T)] $*" >&2; }

while getopts ":d:s:m:h" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        s) SHARE="$OPTARG" ;;
        m) MOUNTPOINT="$OPTARG" ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) log "bad option"; exit 2 ;;
    esac
done

if ! [[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]]; then
    log "day must be YYYY-MM-DD"
    exit 2
fi
if [[ $EUID -ne 0 ]]; then
    log "mounting needs root; run on the maintenance workstation as root"
    exit 1
fi

MOUNTED_HERE=0
cleanup() {
    if (( MOUNTED_HERE )); then
        umount "$MOUNTPOINT" && log "unmounted $MOUNTPOINT"
    fi
}
trap cleanup EXIT

mount_share() {
    mkdir -p "$MOUNTPOINT"
    if mountpoint -q "$MOUNTPOINT"; then
        log "$MOUNTPOINT already mounted, reusing"
        return 0
    fi
    log "mounting $SHARE on $MOUNTPOINT (read-only)"
    if mount -t nfs -o ro,nosuid,nodev,soft,timeo=50 "$SHARE" "$MOUNTPOINT"; then
        MOUNTED_HERE=1
    else
        log "mount failed"
        return 1
    fi
}

copy_day() {
    local src="$MOUNTPOINT/$DAY" dest="$DEST_ROOT/$DAY"
    if [[ ! -d "$src" ]]; then
        log "no logs for $DAY on the NAS"
        return 1
    fi
    mkdir -p "$dest"
    cp -p "$src"/*.log "$dest"/ 2>/dev/null
    log "copied $(ls "$dest" | wc -l) log files to $dest"
}

summarise() {
    local dest="$DEST_ROOT/$DAY"
    LOG_DIR="$dest" python3 - <<'PY' | tee "$dest/fault_summary.txt"
import os, re, collections
d = os.environ["LOG_DIR"]
pat = re.compile(r"\bFAULT\s+(\w+)")
counts = collections.defaultdict(collections.Counter)
for name in sorted(os.listdir(d)):
    if not name.endswith(".log"):
        continue
    lift = name.rsplit(".", 1)[0]
    with open(os.path.join(d, name), errors="replace") as fh:
        for line in fh:
            m = pat.search(line)
            if m:
                counts[lift][m.group(1)] += 1
for lift, c in sorted(counts.items()):
    total = sum(c.values())
    top = ", ".join(f"{k}x{v}" for k, v in c.most_common(3))
    print(f"{lift:20s} {total:5d}  {top}")
if not counts:
    print("no faults recorded")
PY
}

main() {
    mount_share || exit 3
    copy_day || exit 4
    summarise
    log "collection for $DAY finished"
}

main
