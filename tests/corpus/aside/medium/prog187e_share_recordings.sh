#!/usr/bin/env bash
# Share today's show recordings with the visiting producer over the LAN.
# Starts a throwaway web server on the recordings folder until Ctrl-C.
set -euo pipefail

REC_ROOT="${REC_ROOT:-$HOME/Recordings}"
DAY="${1:-$(date +%F)}"
PORT="${SHARE_PORT:-8080}"
STAGE="/tmp/recordings-share"
PIDFILE="/tmp/recordings-share.pid"

log() { echo "[share] $*"; }

cleanup() {
    if [[ -f "$PIDFILE" ]]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null || true
        rm -f "$PIDFILE"
    fi
    log "stopped sharing"
}
trap cleanup EXIT INT TERM

stage_files() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    local n=0 f
    for f in "$REC_ROOT/$DAY"/*.mp3 "$REC_ROOT/$DAY"/*.flac; do
        [[ -e "$f" ]] || continue
        ln -s "$f" "$STAGE/$(basename "$f")"
        n=$((n + 1))
    done
    if [[ $n -eq 0 ]]; then
        log "no recordings for $DAY in $REC_ROOT"
        exit 1
    fi
    log "staged $n files from $DAY"
}

write_index() {
    {
        echo "Recordings for $DAY"
        echo
        ls -lh "$STAGE" | awk 'NR>1 {print $5, $NF}'
    } > "$STAGE/README.txt"
}

serve() {
    local ip
    ip="$(hostname -I | awk '{print $1}')"
    cd "$STAGE"
    python3 -m http.server "$PORT" --bind 0.0.0.0 &
    echo $! > "$PIDFILE"
    log "sharing at http://${ip}:${PORT}/ (Ctrl-C to stop)"
    wait
}

stage_files
write_index
serve
