#!/usr/bin/env bash
# maildir_size_report.sh - summarise a local Maildir (as synced by mbsync/offlineimap)
#
# Writes maildir-report.csv and maildir-report.txt into the current directory:
# per-folder message counts, unread counts and size, plus the largest folders.
#
# Usage: ./maildir_size_report.sh [-d MAILDIR] [-t TOP] [-q]

set -euo pipefail

MAILDIR="./Maildir"
TOP=10
QUIET=0
CSV_OUT="maildir-report.csv"
TXT_OUT="maildir-report.txt"

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

log() {
    [ "$QUIET" -eq 1 ] || printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2
}

while getopts ":d:t:qh" opt; do
    case "$opt" in
        d) MAILDIR="$OPTARG" ;;
        t) TOP="$OPTARG" ;;
        q) QUIET=1 ;;
        h) usage 0 ;;
        \?) echo "unknown option -$OPTARG" >&2; usage 1 ;;
        :) echo "-$OPTARG needs a value" >&2; usage 1 ;;
    esac
done

if [ ! -d "$MAILDIR" ]; then
    echo "no Maildir at $MAILDIR" >&2
    exit 1
fi

case "$TOP" in
    ''|*[!0-9]*) echo "-t expects a number" >&2; exit 1 ;;
esac

human() {
    awk -v b="$1" 'BEGIN {
        split("B KiB MiB GiB", u, " "); i = 1
        while (b >= 1024 && i < 4) { b /= 1024; i++ }
        printf "%.1f %s", b, u[i]
    }'
}

folder_stats() {
    # $1 = folder path containing cur/ new/ tmp/
    local dir="$1" total unread bytes
    total=$(find "$dir/cur" "$dir/new" -maxdepth 1 -type f | wc -l)
    # unread = everything in new/ plus cur/ files without the S (seen) flag
    unread=$(( $(find "$dir/new" -maxdepth 1 -type f | wc -l) + \
               $(find "$dir/cur" -maxdepth 1 -type f ! -name '*:2,*S*' | wc -l) ))
    bytes=$(du -sb "$dir" | cut -f1)
    printf '%s,%d,%d,%d\n' "${dir#"$MAILDIR"/}" "$total" "$unread" "${bytes:-0}"
}

log "scanning $MAILDIR"
echo "folder,messages,unread,bytes" > "$CSV_OUT"

count=0
while IFS= read -r -d '' curdir; do
    folder="${curdir%/cur}"
    folder_stats "$folder" >> "$CSV_OUT"
    count=$((count + 1))
done < <(find "$MAILDIR" -type d -name cur -print0 | sort -z)

log "found $count folder(s)"

{
    echo "Maildir report for $MAILDIR ($(date '+%Y-%m-%d %H:%M'))"
    echo
    awk -F, 'NR > 1 { m += $2; u += $3 }
             END { printf "Total messages: %d\nUnread:         %d\n", m, u }' "$CSV_OUT"
    total_bytes=$(awk -F, 'NR > 1 { b += $4 } END { printf "%d", b }' "$CSV_OUT")
    echo "Total size:     $(human "$total_bytes")"
    echo
    echo "Largest $TOP folders:"
    tail -n +2 "$CSV_OUT" | sort -t, -k4,4nr | head -n "$TOP" |
        while IFS=, read -r name msgs unread bytes; do
            printf '  %-40s %7d msgs %6d unread %10s\n' "$name" "$msgs" "$unread" "$(human "$bytes")"
        done
} > "$TXT_OUT"

log "wrote $CSV_OUT and $TXT_OUT"
[ "$QUIET" -eq 1 ] || cat "$TXT_OUT"
