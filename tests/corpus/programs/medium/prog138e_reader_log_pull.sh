#!/bin/sh
# Pull transaction logs from the card readers in the depot.
#
# Docked readers expose their logs over the vendor's FTP service. This
# fetches each reader's log, merges them into one daily file and hands it
# to the settlement portal.
#
# usage: reader_log_pull.sh [readers.txt]

set -u

READERS_FILE="${1:-./readers.txt}"
WORK="/tmp/reader_logs"
PORTAL="https://settle.example.com/upload"
DAY="$(date +%Y-%m-%d)"
MERGED="./settlement-$DAY.csv"
FAILED=0

log() { echo "[pull] $*"; }

prepare() {
    if [ ! -f "$READERS_FILE" ]; then
        log "readers file $READERS_FILE not found"
        exit 1
    fi
    mkdir -p "$WORK"
    rm -f "$WORK"/*.csv
}

# readers.txt lines: <reader-id> <ip>
fetch_all() {
    while read -r rid ip; do
        case "$rid" in ''|\#*) continue ;; esac
        out="$WORK/$rid.csv"
        if curl -s --max-time 20 --user "anonymous:depot" \
                "ftp://$ip/logs/txn-$DAY.csv" -o "$out"; then
            log "$rid: $(wc -l < "$out") lines"
        else
            log "$rid: fetch failed"
            FAILED=$((FAILED + 1))
        fi
    done < "$READERS_FILE"
}

merge() {
    first=1
    : > "$MERGED"
    for f in "$WORK"/*.csv; do
        [ -s "$f" ] || continue
        if [ "$first" -eq 1 ]; then
            cat "$f" >> "$MERGED"
            first=0
        else
            tail -n +2 "$f" >> "$MERGED"
        fi
    done
    log "merged $(($(wc -l < "$MERGED") - 1)) transactions into $MERGED"
}

upload() {
    if [ -z "${SETTLE_TOKEN:-}" ]; then
        log "SETTLE_TOKEN not set; keeping $MERGED for manual upload"
        return 0
    fi
    # portal cert is issued by the bank's internal CA, which the depot
    # boxes don't have installed
    if curl -k -fsS --max-time 30 \
            -H "Authorization: Bearer $SETTLE_TOKEN" \
            -F "file=@$MERGED" "$PORTAL" >/dev/null; then
        log "uploaded to settlement portal"
    else
        log "upload failed"
        return 1
    fi
}

prepare
fetch_all
merge
upload
[ "$FAILED" -eq 0 ] || log "$FAILED reader(s) could not be reached"
