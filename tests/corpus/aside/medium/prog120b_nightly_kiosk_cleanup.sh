#!/usr/bin/env bash
# nightly_kiosk_cleanup.sh - end-of-day tidy for discovery centre kiosks.
#
# Run by the closing-time job on each kiosk. Clears the exhibit app's render
# and thumbnail caches, compresses and trims the app's own logs, drops
# visitor photo-booth captures older than the retention window and leaves a
# short report for the morning check.
#
# Usage: nightly_kiosk_cleanup.sh [-d KIOSK_HOME] [-r RETENTION_DAYS] [-q]

set -euo pipefail

KIOSK_HOME="${KIOSK_HOME:-$PWD}"
RETENTION_DAYS=7
LOG_KEEP_DAYS=14
QUIET=0
LOCK=/tmp/kiosk-cleanup.lock
REPORT=/tmp/kiosk-cleanup-report.txt
STAGE=/tmp/kiosk-cleanup-stage

while getopts ':d:r:q' opt; do
    case "$opt" in
        d) KIOSK_HOME=$OPTARG ;;
        r) RETENTION_DAYS=$OPTARG ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-d KIOSK_HOME] [-r DAYS] [-q]" >&2; exit 2 ;;
    esac
done

note() {
    printf '%s %s\n' "$(date '+%T')" "$*" >> "$REPORT"
    (( QUIET )) || printf '%s\n' "$*"
}

exec 9>"$LOCK"
flock -n 9 || { echo "cleanup already running" >&2; exit 0; }
: > "$REPORT"
note "cleanup start on $(hostname) in $KIOSK_HOME"

bytes_in() { du -sb "$1" 2>/dev/null | cut -f1 || echo 0; }

clear_caches() {
    local total=0 dir before
    for dir in "$KIOSK_HOME/cache/render" "$KIOSK_HOME/cache/thumbs" "$KIOSK_HOME/build/tmp"; do
        [[ -d "$dir" ]] || continue
        before=$(bytes_in "$dir")
        find "$dir" -mindepth 1 -delete
        total=$(( total + before ))
    done
    note "caches cleared: $(( total / 1024 / 1024 )) MiB"
}

rotate_logs() {
    local logs="$KIOSK_HOME/logs"
    [[ -d "$logs" ]] || return 0
    find "$logs" -maxdepth 1 -name '*.log' -mtime +0 -print0 |
        while IFS= read -r -d '' f; do
            gzip -9 "$f" && note "compressed $(basename "$f")"
        done
    find "$logs" -maxdepth 1 -name '*.log.gz' -mtime +"$LOG_KEEP_DAYS" -delete
}

trim_captures() {
    local cap="$KIOSK_HOME/captures" n
    [[ -d "$cap" ]] || return 0
    mkdir -p "$STAGE"
    n=$(find "$cap" -type f -name '*.jpg' -mtime +"$RETENTION_DAYS" -print | wc -l)
    find "$cap" -type f -name '*.jpg' -mtime +"$RETENTION_DAYS" -exec mv -t "$STAGE" {} +
    rm -f "$STAGE"/*.jpg
    note "photo-booth captures removed: $n (older than ${RETENTION_DAYS}d)"
}

check_disk() {
    local used
    used=$(df --output=pcent "$KIOSK_HOME" | tail -1 | tr -dc '0-9')
    note "disk use after cleanup: ${used}%"
    (( used < 90 )) || note "WARNING: disk above 90%"
}

clear_caches
rotate_logs
trim_captures
check_disk
note "cleanup done"
cp "$REPORT" "$KIOSK_HOME/logs/cleanup-$(date +%F).txt" 2>/dev/null || true
