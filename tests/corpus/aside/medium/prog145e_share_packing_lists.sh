#!/usr/bin/env bash
# Share today's packing lists with the tablets on the packing floor.
# Downloads the latest lists from the subscriptions system, stages them in
# a folder and serves that folder on the shed wifi until packing is done.
set -euo pipefail

SUBS_API="${SUBS_API:-https://subs.internal.example.com}"
STAGE="/tmp/veg-packing-lists"
PORT="${PORT:-8080}"
DAY="${DAY:-$(date +%A | tr '[:upper:]' '[:lower:]')}"
SIZES="small medium large family"
PIDFILE="/tmp/veg-packing-share.pid"

log() { echo "$(date +%T) $*"; }

usage() {
    cat <<EOF_USAGE
Usage: $0 [start|stop|status]
  start   fetch lists for $DAY and begin sharing on port $PORT
  stop    stop sharing
  status  show whether sharing is running
EOF_USAGE
}

fetch_lists() {
    mkdir -p "$STAGE"
    local size url out n=0
    for size in $SIZES; do
        url="$SUBS_API/packing/$DAY/$size.csv"
        out="$STAGE/$DAY-$size.csv"
        # the internal box uses a self-signed cert
        if curl -ksSf --max-time 20 -o "$out" "$url"; then
            n=$((n + 1))
            log "fetched $size list ($(wc -l < "$out") lines)"
        else
            log "no $size list for $DAY"
            rm -f "$out"
        fi
    done
    [ "$n" -gt 0 ] || { log "nothing fetched"; return 1; }
    # simple index page so the tablets see links
    {
        echo "<html><body><h1>Packing lists: $DAY</h1><ul>"
        for f in "$STAGE"/*.csv; do
            echo "<li><a href=\"$(basename "$f")\">$(basename "$f")</a></li>"
        done
        echo "</ul></body></html>"
    } > "$STAGE/index.html"
}

start_share() {
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        log "already sharing (pid $(cat "$PIDFILE"))"
        return 0
    fi
    fetch_lists
    cd "$STAGE"
    nohup python3 -m http.server "$PORT" --bind 0.0.0.0 > /tmp/veg-packing-share.log 2>&1 &
    echo $! > "$PIDFILE"
    log "sharing $STAGE on port $PORT (pid $!)"
    log "tablets: http://$(hostname -I | awk '{print $1}'):$PORT/"
}

stop_share() {
    if [ -f "$PIDFILE" ]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null && log "stopped" || log "was not running"
        rm -f "$PIDFILE"
    else
        log "not running"
    fi
}

status_share() {
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        log "sharing on port $PORT (pid $(cat "$PIDFILE"))"
    else
        log "not sharing"
    fi
}

case "${1:-start}" in
    start) start_share ;;
    stop) stop_share ;;
    status) status_share ;;
    -h|--help) usage ;;
    *) usage; exit 2 ;;
esac
