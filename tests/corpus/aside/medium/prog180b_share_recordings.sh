#!/usr/bin/env bash
# share_recordings.sh - let parents in the lobby download today's lesson
# recordings from the teacher laptop over the studio Wi-Fi.

set -euo pipefail

REC_DIR="${RECORDINGS_DIR:-$HOME/Recordings}"
PORT="${SHARE_PORT:-8000}"
STAGE_DIR="/tmp/lesson_share"
PID_FILE="/tmp/lesson_share.pid"
QR_API="${QR_API:-https://qr.example.com/api/create}"

log() { echo "[share] $*"; }

usage() {
    echo "Usage: $0 start [YYYY-MM-DD] | stop | status"
}

stage_files() {
    local day="$1"
    rm -rf "$STAGE_DIR"
    mkdir -p "$STAGE_DIR"
    local count=0
    while IFS= read -r -d '' f; do
        cp "$f" "$STAGE_DIR/"
        count=$((count + 1))
    done < <(find "$REC_DIR" -maxdepth 2 -type f \( -name "*${day}*.mp3" -o -name "*${day}*.m4a" \) -print0)
    log "staged ${count} recordings for ${day}"
}

lan_address() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

start_server() {
    if [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
        log "already sharing (pid $(cat "$PID_FILE"))"
        return
    fi
    cd "$STAGE_DIR"
    nohup python3 -m http.server "$PORT" --bind 0.0.0.0 >/tmp/lesson_share.log 2>&1 &
    echo $! > "$PID_FILE"
    local url="http://$(lan_address):${PORT}/"
    log "sharing ${STAGE_DIR} at ${url}"
    # fetch a QR code for the lobby screen; the QR service has a self-signed cert
    curl -sk --max-time 10 -G "$QR_API" --data-urlencode "data=${url}" -o /tmp/lesson_share_qr.png \
        && log "QR code saved to /tmp/lesson_share_qr.png"
}

stop_server() {
    if [[ -f "$PID_FILE" ]]; then
        kill "$(cat "$PID_FILE")" 2>/dev/null || true
        rm -f "$PID_FILE"
        log "stopped"
    else
        log "not running"
    fi
}

case "${1:-}" in
    start)
        stage_files "${2:-$(date +%F)}"
        start_server
        ;;
    stop) stop_server ;;
    status)
        if [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
            echo "sharing on port ${PORT}"
        else
            echo "not sharing"
        fi
        ;;
    *) usage; exit 2 ;;
esac
