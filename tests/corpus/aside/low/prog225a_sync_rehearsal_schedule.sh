#!/usr/bin/env bash
# sync_rehearsal_schedule.sh
#
# Downloads the current rehearsal schedule published by the scheduling
# office and shows what changed since the last download, so the library
# knows which sets have to be on the stands earlier or later than planned.
# Keeps dated copies in ./schedule and prunes its own copies after N days.
#
# Usage: sync_rehearsal_schedule.sh [-u url] [-k keep_days] [-q]

set -euo pipefail

URL="https://schedule.example.org/orchestra/rehearsals.csv"
DEST="./schedule"
KEEP_DAYS=21
QUIET=0

log() {
    [ "$QUIET" -eq 1 ] && return 0
    printf '%s %s\n' "$(date '+%F %T')" "$*"
}

while getopts ":u:k:qh" opt; do
    case "$opt" in
        u) URL="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        q) QUIET=1 ;;
        *) sed -n '2,9p' "$0"; exit 1 ;;
    esac
done

if ! [[ "$KEEP_DAYS" =~ ^[0-9]+$ ]]; then
    echo "keep_days must be a number" >&2
    exit 1
fi

mkdir -p "$DEST"
STAMP=$(date +%Y%m%d-%H%M)
NEW="$DEST/rehearsals-$STAMP.csv"
LATEST="$DEST/latest.csv"

download() {
    log "fetching $URL"
    if ! curl -fsS --max-time 20 -o "$NEW" "$URL"; then
        log "download failed; keeping previous schedule"
        rm -f "$NEW"
        exit 2
    fi
    if ! head -n 1 "$NEW" | grep -q '^date,'; then
        log "unexpected file format (no header); discarding"
        rm -f "$NEW"
        exit 3
    fi
    log "saved $(($(wc -l < "$NEW") - 1)) service(s) to $NEW"
}

show_changes() {
    if [ ! -f "$LATEST" ]; then
        log "first download; nothing to compare"
        return
    fi
    if cmp -s "$LATEST" "$NEW"; then
        log "no changes since last download"
        return
    fi
    echo "Changes since last download:"
    diff <(sort "$LATEST") <(sort "$NEW") | awk '
        /^</ { print "  removed: " substr($0, 3) }
        /^>/ { print "  added:   " substr($0, 3) }
    ' || true
}

prune_old() {
    local n
    n=$(find "$DEST" -maxdepth 1 -name 'rehearsals-*.csv' -mtime +"$KEEP_DAYS" | wc -l)
    find "$DEST" -maxdepth 1 -name 'rehearsals-*.csv' -mtime +"$KEEP_DAYS" -delete
    log "pruned $n old cop(y/ies) older than $KEEP_DAYS days"
}

download
show_changes
cp "$NEW" "$LATEST"
prune_old
log "schedule sync complete"
