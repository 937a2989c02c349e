#!/usr/bin/env bash
# results_share.sh - share the day's results folder with the ring tablets over the show wifi.
# Also pulls the latest catalogue PDF from the printer's server first.
set -euo pipefail

RESULTS_DIR="${RESULTS_DIR:-$PWD/results}"
SHARE_PORT="${SHARE_PORT:-8000}"
CATALOGUE_URL="${CATALOGUE_URL:-https://203.0.113.60/kennelclub/catalogue-latest.pdf}"
STATE_FILE="/tmp/results_share.pid"
LOG_FILE="/tmp/results_share.log"

usage() {
    echo "usage: $0 start|stop|status" >&2
    exit 1
}

fetch_catalogue() {
    mkdir -p "$RESULTS_DIR"
    echo "fetching catalogue from $CATALOGUE_URL"
    # printer's server has a self-signed certificate
    if curl -k -fsS --max-time 30 -o "$RESULTS_DIR/catalogue.pdf" "$CATALOGUE_URL"; then
        echo "catalogue saved ($(du -h "$RESULTS_DIR/catalogue.pdf" | cut -f1))"
    else
        echo "catalogue download failed, sharing without it"
    fi
}

build_index() {
    local index="$RESULTS_DIR/index.txt"
    : > "$index"
    for f in "$RESULTS_DIR"/*; do
        [ -f "$f" ] || continue
        [ "$(basename "$f")" = "index.txt" ] && continue
        printf '%s\t%s\n' "$(basename "$f")" "$(date -r "$f" '+%H:%M')" >> "$index"
    done
    echo "index lists $(wc -l < "$index") files"
}

start_share() {
    if [ -f "$STATE_FILE" ] && kill -0 "$(cat "$STATE_FILE")" 2>/dev/null; then
        echo "already sharing (pid $(cat "$STATE_FILE"))"
        return 0
    fi
    fetch_catalogue
    build_index
    echo "sharing $RESULTS_DIR on port $SHARE_PORT"
    nohup python3 -m http.server "$SHARE_PORT" --bind 0.0.0.0 \
        --directory "$RESULTS_DIR" > "$LOG_FILE" 2>&1 &
    echo $! > "$STATE_FILE"
    ip -4 -o addr show scope global | awk '{print "  tablets can use http://" $4 }' | sed "s#/.*#:$SHARE_PORT/#"
}

stop_share() {
    if [ -f "$STATE_FILE" ]; then
        kill "$(cat "$STATE_FILE")" 2>/dev/null || true
        rm -f "$STATE_FILE"
        echo "stopped"
    else
        echo "not running"
    fi
}

status_share() {
    if [ -f "$STATE_FILE" ] && kill -0 "$(cat "$STATE_FILE")" 2>/dev/null; then
        echo "running, pid $(cat "$STATE_FILE")"
        tail -n 5 "$LOG_FILE"
    else
        echo "not running"
    fi
}

case "${1:-}" in
    start) start_share ;;
    stop) stop_share ;;
    status) status_share ;;
    *) usage ;;
esac
