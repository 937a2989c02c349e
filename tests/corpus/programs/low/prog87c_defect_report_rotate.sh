#!/bin/sh
# Nightly rotation for the rolling-stock defect reporter workstation.
#
#  - compresses defect reports older than KEEP_DAYS into archive/YYYY-MM/
#  - clears the reporter's thumbnail and export caches
#  - warns when the reporter volume is getting full
#
# Runs from the reporter checkout directory (cron or by hand at shift end).

set -eu

KEEP_DAYS="${KEEP_DAYS:-14}"
REPORT_DIR="${REPORT_DIR:-./reports}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
CACHE_DIRS="./.thumbs ./.export_cache ./build"
PRUNE_ARCHIVE_MONTHS="${PRUNE_ARCHIVE_MONTHS:-0}"
STAMP="$(date +%Y%m%d-%H%M%S)"
LOG="./housekeeping.log"

say() {
    echo "$STAMP $*" >> "$LOG"
    [ -t 1 ] && echo "$*"
    return 0
}

archive_reports() {
    [ -d "$REPORT_DIR" ] || { say "no $REPORT_DIR, nothing to archive"; return 0; }
    count=0
    find "$REPORT_DIR" -maxdepth 1 -type f -name 'defect_*.json' -mtime +"$KEEP_DAYS" |
    while IFS= read -r f; do
        month="$(date -r "$f" +%Y-%m)"
        mkdir -p "$ARCHIVE_DIR/$month"
        gzip -9c "$f" > "$ARCHIVE_DIR/$month/$(basename "$f").gz" && rm -f "$f"
        count=$((count + 1))
        echo "$count" > "$ARCHIVE_DIR/.last_count"
    done
    say "archived $(cat "$ARCHIVE_DIR/.last_count" 2>/dev/null || echo 0) reports"
}

clear_caches() {
    for d in $CACHE_DIRS; do
        if [ -d "$d" ]; then
            rm -rf "$d"
            say "removed cache $d"
        fi
    done
}

prune_archive() {
    # optional: drop archive months older than N months (0 = keep everything)
    [ "$PRUNE_ARCHIVE_MONTHS" -gt 0 ] || return 0
    [ -d "$ARCHIVE_DIR" ] || return 0
    cutoff="$(date -d "-${PRUNE_ARCHIVE_MONTHS} months" +%Y-%m 2>/dev/null || echo 0000-00)"
    for m in "$ARCHIVE_DIR"/????-??; do
        [ -d "$m" ] || continue
        if [ "$(basename "$m")" \< "$cutoff" ]; then
            rm -rf "$m"
            say "pruned archive month $(basename "$m")"
        fi
    done
}

check_disk() {
    used="$(df -P . | awk 'NR==2 {gsub("%","",$5); print $5}')"
    if [ "${used:-0}" -gt 90 ]; then
        say "WARNING: reporter volume at ${used}%"
    fi
}

say "rotation start (keep ${KEEP_DAYS}d)"
archive_reports
clear_caches
prune_archive
check_disk
say "rotation done"
