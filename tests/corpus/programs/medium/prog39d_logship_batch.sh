#!/usr/bin/env bash
# logship-batch.sh -- ship new lines of the app's JSON logs to the staging
# log collector in gzip'd batches.
#
# Offsets are kept per file so restarts resume where they left off.  The
# staging collector uses a self-signed certificate from the lab CA that is
# not in the system trust store.

set -uo pipefail

APP_LOG_DIR="${APP_LOG_DIR:-./logs}"
COLLECTOR_URL="${COLLECTOR_URL:-https://logs-staging.lab.internal:8443/ingest/v1/batch}"
STATE_FILE="/tmp/logship-offsets.db"
BATCH_FILE="/tmp/logship-batch.ndjson"
MAX_BATCH_LINES="${MAX_BATCH_LINES:-5000}"
SERVICE_TAG="${SERVICE_TAG:-checkout-api}"
INTERVAL="${INTERVAL:-20}"
ONESHOT=0

CURL_OPTS=(--silent --show-error --fail --max-time 30 --insecure
           -H "Content-Type: application/x-ndjson"
           -H "Content-Encoding: gzip"
           -H "X-Service: ${SERVICE_TAG}")

say() { echo "[logship $(date +%H:%M:%S)] $*" >&2; }

get_offset() {
    local file="$1"
    [ -f "$STATE_FILE" ] || { echo 0; return; }
    awk -F'\t' -v f="$file" '$1 == f { print $2; found=1 } END { if (!found) print 0 }' "$STATE_FILE"
}

set_offset() {
    local file="$1" offset="$2" tmp="${STATE_FILE}.new"
    { [ -f "$STATE_FILE" ] && awk -F'\t' -v f="$file" '$1 != f' "$STATE_FILE"
      printf '%s\t%s\n' "$file" "$offset"; } > "$tmp"
    mv "$tmp" "$STATE_FILE"
}

ship_file() {
    local file="$1" offset size lines
    size=$(stat -c %s "$file")
    offset=$(get_offset "$file")
    if [ "$offset" -gt "$size" ]; then
        say "$file was truncated/rotated, restarting from 0"
        offset=0
    fi
    if [ "$offset" -eq "$size" ]; then
        return 0
    fi

    tail -c +"$((offset + 1))" "$file" | head -n "$MAX_BATCH_LINES" > "$BATCH_FILE"
    lines=$(wc -l < "$BATCH_FILE")
    if [ "$lines" -eq 0 ]; then
        return 0
    fi

    if gzip -c "$BATCH_FILE" | curl "${CURL_OPTS[@]}" --data-binary @- "$COLLECTOR_URL" >/dev/null; then
        local shipped_bytes
        shipped_bytes=$(wc -c < "$BATCH_FILE")
        set_offset "$file" "$((offset + shipped_bytes))"
        say "shipped ${lines} line(s) from $(basename "$file")"
    else
        say "collector rejected batch from $(basename "$file"), will retry"
        return 1
    fi
}

cycle() {
    local failures=0
    shopt -s nullglob
    for f in "$APP_LOG_DIR"/*.json.log; do
        ship_file "$f" || failures=$((failures + 1))
    done
    shopt -u nullglob
    return "$failures"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --once) ONESHOT=1 ;;
        --url) shift; COLLECTOR_URL="$1" ;;
        --dir) shift; APP_LOG_DIR="$1" ;;
        -h|--help) echo "usage: $0 [--once] [--url URL] [--dir DIR]"; exit 0 ;;
        *) say "unknown option $1"; exit 64 ;;
    esac
    shift
done

[ -d "$APP_LOG_DIR" ] || { say "log dir $APP_LOG_DIR missing"; exit 1; }
say "shipping ${APP_LOG_DIR} -> ${COLLECTOR_URL}"

trap 'say "stopping"; rm -f "$BATCH_FILE"; exit 0' INT TERM
while :; do
    cycle || say "cycle finished with errors"
    [ "$ONESHOT" -eq 1 ] && break
    sleep "$INTERVAL"
done
rm -f "$BATCH_FILE"
