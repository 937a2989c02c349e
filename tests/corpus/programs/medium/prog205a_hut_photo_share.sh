#!/usr/bin/env bash
# Shares the hut's photo folder with guests on the hut network so they can
# copy summit and sunset pictures to their phones.
set -euo pipefail

PHOTO_DIR="${PHOTO_DIR:-./photos}"
PORT="${PORT:-8080}"
ADDR="${ADDR:-0.0.0.0}"
STATE_FILE="/tmp/hut_photo_share.pid"
INDEX_FILE="/tmp/hut_photo_share_index.txt"

log() { printf '[photos] %s\n' "$*"; }

usage() {
    echo "usage: $0 {start|stop|status|index} [-d dir] [-p port]"
}

ACTION="${1:-}"
[[ -n "$ACTION" ]] && shift || { usage; exit 1; }
while getopts "d:p:" opt; do
    case "$opt" in
        d) PHOTO_DIR="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        *) usage; exit 1 ;;
    esac
done

is_running() {
    [[ -f "$STATE_FILE" ]] && kill -0 "$(cat "$STATE_FILE")" 2>/dev/null
}

build_index() {
    find "$PHOTO_DIR" -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \) \
        -printf '%TY-%Tm-%Td %f\n' | sort -r >"$INDEX_FILE"
    log "$(wc -l <"$INDEX_FILE") photos indexed"
}

start() {
    [[ -d "$PHOTO_DIR" ]] || { log "no photo folder $PHOTO_DIR"; exit 2; }
    if is_running; then
        log "already sharing (pid $(cat "$STATE_FILE"))"
        return 0
    fi
    build_index
    nohup python3 -m http.server "$PORT" --bind "$ADDR" --directory "$PHOTO_DIR" \
        >/dev/null 2>&1 &
    echo $! >"$STATE_FILE"
    log "sharing $PHOTO_DIR on port $PORT"
}

stop() {
    if is_running; then
        kill "$(cat "$STATE_FILE")"
        log "sharing stopped"
    else
        log "not running"
    fi
    rm -f "$STATE_FILE"
}

status() {
    if is_running; then
        log "sharing on port $PORT (pid $(cat "$STATE_FILE"))"
    else
        log "not sharing"
    fi
}

declare -A ACTIONS=([start]=start [stop]=stop [status]=status [index]=build_index)

if [[ -z "${ACTIONS[$ACTION]:-}" ]]; then
    usage
    exit 1
fi
"${ACTIONS[$ACTION]}"
