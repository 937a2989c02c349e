#!/usr/bin/env bash
# proof_preview_server.sh - show today's proofs on the viewing-room iPad
#
# Builds a plain index.html for a session's proof folder and serves it on
# the studio LAN so clients can flip through proofs on the iPad in the
# viewing room.  Ctrl-C (or `stop`) shuts the preview down again.
#
# usage: proof_preview_server.sh start <proof-folder> [port]
#        proof_preview_server.sh stop
#        proof_preview_server.sh status

set -euo pipefail

PORT_DEFAULT=8088
STATE_DIR=/tmp/proof_preview
PID_FILE="$STATE_DIR/server.pid"
LOG_FILE="$STATE_DIR/server.log"
CONF="${PROOF_PREVIEW_CONF:-./preview.conf}"

log() { printf '%s [preview] %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }
die() { log "error: $*"; exit 1; }

# optional overrides: PORT, TITLE, LISTEN
if [[ -f "$CONF" ]]; then
    # shellcheck disable=SC1090
    source "$CONF"
fi
LISTEN="${LISTEN:-0.0.0.0}"

build_index() {
    local dir="$1" title="$2" out="$1/index.html" f name
    {
        printf '<!doctype html><html><head><meta charset="utf-8"><title>%s</title>\n' "$title"
        printf '<meta name="viewport" content="width=device-width,initial-scale=1">\n'
        printf '<style>body{background:#111;color:#ddd;font-family:sans-serif}'
        printf 'img{max-width:100%%;margin:0 0 24px}p{text-align:center}</style></head><body>\n'
        printf '<h1>%s</h1>\n' "$title"
        for f in "$dir"/*.jpg "$dir"/*.JPG; do
            [[ -e "$f" ]] || continue
            name=$(basename "$f")
            printf '<img src="%s" loading="lazy"><p>%s</p>\n' "$name" "${name%.*}"
        done
        printf '</body></html>\n'
    } > "$out"
    log "index written with $(grep -c '<img' "$out") proofs"
}

lan_address() {
    ip -4 route get 1.1.1.1 2>/dev/null | awk '{for(i=1;i<=NF;i++) if($i=="src") print $(i+1)}'
}

start() {
    local dir="${1:-}" port="${2:-${PORT:-$PORT_DEFAULT}}"
    [[ -n "$dir" && -d "$dir" ]] || die "proof folder missing: '$dir'"
    mkdir -p "$STATE_DIR"
    if [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
        die "already running (pid $(cat "$PID_FILE")); run '$0 stop' first"
    fi
    build_index "$dir" "${TITLE:-$(basename "$dir" | tr '_' ' ')}"
    nohup python3 -m http.server "$port" --bind "$LISTEN" --directory "$dir" \
        >"$LOG_FILE" 2>&1 &
    echo $! > "$PID_FILE"
    sleep 1
    kill -0 "$(cat "$PID_FILE")" 2>/dev/null || die "server did not start, see $LOG_FILE"
    log "serving $dir"
    log "open http://$(lan_address):$port/ on the viewing-room iPad"
}

stop() {
    [[ -f "$PID_FILE" ]] || { log "not running"; return 0; }
    local pid; pid=$(cat "$PID_FILE")
    if kill "$pid" 2>/dev/null; then
        log "stopped pid $pid"
    fi
    rm -f "$PID_FILE"
}

status() {
    if [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
        log "running (pid $(cat "$PID_FILE")); last requests:"
        tail -n 5 "$LOG_FILE" >&2 || true
    else
        log "not running"
    fi
}

case "${1:-}" in
    start)  shift; start "$@" ;;
    stop)   stop ;;
    status) status ;;
    *) echo "usage: $0 {start <folder> [port]|stop|status}" >&2; exit 2 ;;
esac
