#!/usr/bin/env bash
# Share today's bonsai photos with the marketing freelancer on the shop LAN
# and pull the latest price sheet from the supplier portal.
set -euo pipefail

PHOTO_ROOT="${PHOTO_ROOT:-$HOME/Pictures/bonsai}"
PORT="${SHARE_PORT:-8000}"
STAGE="/tmp/bonsai_share"
PRICE_URL="${PRICE_URL:-https://portal.bonsai-supply.example.com/prices/current.csv}"
PIDFILE="$STAGE/.server.pid"

log() { printf '[photo-share] %s\n' "$*" >&2; }

stage_photos() {
    local day n=0
    day=$(date +%Y-%m-%d)
    mkdir -p "$STAGE"
    rm -f "$STAGE"/*.jpg
    while IFS= read -r -d '' f; do
        cp "$f" "$STAGE/"
        n=$((n + 1))
    done < <(find "$PHOTO_ROOT" -maxdepth 2 -name '*.jpg' -newermt "$day" -print0)
    log "staged $n photos in $STAGE"
}

fetch_prices() {
    local -a fetch=(curl -fsS -k --max-time 30 -o "$STAGE/prices.csv")
    "${fetch[@]}" "$PRICE_URL" && log "price sheet saved"
}

_server_cmd() {
    local py mod="http.server"
    py=$(command -v python3)
    printf '%s\n' "$py" -m "$mod" "$PORT" --bind 0.0.0.0 --directory "$STAGE"
}

start_server() {
    local -a cmd
    mapfile -t cmd < <(_server_cmd)
    if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        log "already serving (pid $(cat "$PIDFILE"))"
        return
    fi
    nohup "${cmd[@]}" > "$STAGE/.server.log" 2>&1 &
    echo $! > "$PIDFILE"
    log "serving $STAGE on port $PORT (pid $!)"
}

stop_server() {
    if [[ -f "$PIDFILE" ]]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null || true
        rm -f "$PIDFILE"
        log "stopped"
    fi
}

case "${1:-start}" in
    start) stage_photos; fetch_prices || log "price fetch failed"; start_server ;;
    stop)  stop_server ;;
    *)     echo "usage: $0 [start|stop]" >&2; exit 2 ;;
esac
