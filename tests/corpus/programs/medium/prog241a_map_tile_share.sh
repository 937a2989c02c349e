#!/usr/bin/env bash
# Shares offline map tiles from the station PC to the vehicle tablets.
#
# Tablets in the bay pull updated offline tiles over the station Wi-Fi before
# going out. This script checks the tile folder, writes a manifest, and
# serves the folder over plain HTTP until stopped.

set -u

PROG="${0##*/}"
TILE_DIR="${TILE_DIR:-$PWD/tiles}"
PORT="${PORT:-8088}"
LISTEN_PARTS=(0 0 0 0)
STATE_DIR="/tmp/maptile-share"
PID_FILE="$STATE_DIR/server.pid"
MANIFEST="$STATE_DIR/manifest.txt"
LOG_FILE="$STATE_DIR/server.log"

log() { printf '%s [%s] %s\n' "$(date +%T)" "$PROG" "$*" >&2; }

usage() { echo "usage: $PROG start|stop|status [-d tile_dir] [-p port]"; }

ACTION="${1:-status}"
[ $# -gt 0 ] && shift
while getopts ":d:p:h" opt; do
    case "$opt" in
        d) TILE_DIR="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 64 ;;
    esac
done

listen_addr() {
    local IFS=.
    printf '%s' "${LISTEN_PARTS[*]}"
}

running() {
    [ -f "$PID_FILE" ] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

build_manifest() {
    local count size
    mkdir -p "$STATE_DIR"
    (cd "$TILE_DIR" && find . -type f \( -name '*.png' -o -name '*.pbf' -o -name '*.mbtiles' \) \
        -printf '%P\t%s\n' | sort) > "$MANIFEST"
    count="$(wc -l < "$MANIFEST")"
    size="$(du -sh "$TILE_DIR" | cut -f1)"
    log "manifest: $count tiles, $size"
    cp "$MANIFEST" "$TILE_DIR/manifest.txt"
}

start() {
    if running; then
        log "already serving (pid $(cat "$PID_FILE"))"
        return 0
    fi
    if [ ! -d "$TILE_DIR" ]; then
        log "no tile folder at $TILE_DIR"
        return 1
    fi
    build_manifest
    local py
    py="$(command -v python3 || command -v python)"
    nohup "$py" -m http.server "$PORT" --bind "$(listen_addr)" --directory "$TILE_DIR" \
        >> "$LOG_FILE" 2>&1 &
    echo $! > "$PID_FILE"
    sleep 1
    if running; then
        log "serving $TILE_DIR on port $PORT (pid $(cat "$PID_FILE"))"
    else
        log "server failed to start, see $LOG_FILE"
        return 1
    fi
}

stop() {
    if ! running; then
        log "not running"
        rm -f "$PID_FILE"
        return 0
    fi
    kill "$(cat "$PID_FILE")"
    rm -f "$PID_FILE"
    log "stopped"
}

status() {
    if running; then
        log "serving on port $PORT, pid $(cat "$PID_FILE")"
        tail -n 5 "$LOG_FILE" 2>/dev/null
    else
        log "not serving"
    fi
}

case "$ACTION" in
    start) start ;;
    stop) stop ;;
    status) status ;;
    *) usage >&2; exit 64 ;;
esac
