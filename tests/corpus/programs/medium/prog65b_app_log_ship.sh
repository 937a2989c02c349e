#!/usr/bin/env bash
# app_log_ship.sh - ship new lines from the proxy/lb application logs to the
# central log collector's HTTP intake, in NDJSON batches.
#
#   LOG_INTAKE_TOKEN=... app_log_ship.sh [-d ./logs] [-u URL] [-b 500]
#
# Keeps a byte offset per file in ./.ship-offsets so each run only sends
# what was appended since the last one; rotated files (smaller than the
# stored offset) are re-read from the start.

set -uo pipefail

LOG_DIR="./logs"
INTAKE_URL="${LOG_INTAKE_URL:-https://logs-intake.netops.corp.example:9443/v1/ingest}"
BATCH=500
OFFSETS="./.ship-offsets"
SPOOL="./.ship-spool"
TLS_OPTS="${SHIP_TLS_OPTS:---insecure}"

while getopts ":d:u:b:" opt; do
    case "$opt" in
        d) LOG_DIR="$OPTARG" ;;
        u) INTAKE_URL="$OPTARG" ;;
        b) BATCH="$OPTARG" ;;
        *) echo "usage: $0 [-d dir] [-u url] [-b batch]" >&2; exit 1 ;;
    esac
done

: "${LOG_INTAKE_TOKEN:?LOG_INTAKE_TOKEN must be set}"
mkdir -p "$SPOOL"
touch "$OFFSETS"

log() { echo "$(date -u +%FT%TZ) ship: $*" >&2; }

get_offset() { awk -v f="$1" '$1 == f { print $2 }' "$OFFSETS"; }

set_offset() {
    local tmp="$OFFSETS.tmp"
    awk -v f="$1" '$1 != f' "$OFFSETS" >"$tmp"
    printf '%s %s\n' "$1" "$2" >>"$tmp"
    mv "$tmp" "$OFFSETS"
}

to_ndjson() {
    python3 -c '
import json, socket, sys
src, host = sys.argv[1], socket.gethostname()
for line in sys.stdin:
    line = line.rstrip("\n")
    if line:
        print(json.dumps({"host": host, "source": src, "message": line}))
' "$1"
}

post_batch() {
    local file="$1" code attempt
    for attempt in 1 2 3; do
        code="$(curl -sS $TLS_OPTS --max-time 30 -o "$SPOOL/last-response" -w '%{http_code}' \
            -H "Authorization: Bearer $LOG_INTAKE_TOKEN" \
            -H 'Content-Type: application/x-ndjson' \
            --data-binary "@$file" "$INTAKE_URL")" || code=000
        case "$code" in
            2??) return 0 ;;
            4??) log "intake rejected batch ($code): $(head -c 200 "$SPOOL/last-response")"; return 1 ;;
        esac
        log "intake returned $code, retry $attempt"
        sleep $((attempt * 5))
    done
    return 1
}

ship_file() {
    local f="$1" size offset chunk n
    size="$(stat -c %s "$f")"
    offset="$(get_offset "$f")"
    offset="${offset:-0}"
    [ "$size" -lt "$offset" ] && { log "$f was rotated, starting over"; offset=0; }
    [ "$size" -eq "$offset" ] && return 0

    chunk="$SPOOL/$(basename "$f").part"
    tail -c +"$((offset + 1))" "$f" | head -c "$((size - offset))" >"$chunk"
    split -l "$BATCH" -d "$chunk" "$SPOOL/batch."
    for part in "$SPOOL"/batch.*; do
        [ -e "$part" ] || continue
        to_ndjson "$(basename "$f")" <"$part" >"$part.json"
        n="$(wc -l <"$part.json")"
        if ! post_batch "$part.json"; then
            rm -f "$SPOOL"/batch.*
            log "giving up on $f for this run"
            return 1
        fi
        log "sent $n lines from $f"
        rm -f "$part" "$part.json"
    done
    set_offset "$f" "$size"
    rm -f "$chunk"
}

rc=0
shopt -s nullglob
for f in "$LOG_DIR"/*.log; do
    ship_file "$f" || rc=1
done
exit "$rc"
