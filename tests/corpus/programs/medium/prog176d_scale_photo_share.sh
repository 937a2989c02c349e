#!/usr/bin/env bash
# Shares today's scale-lane photos (plate + load shots) with the office
# tablets for the afternoon of a customer dispute, then stops sharing.
# Usage: scale_photo_share.sh start|stop|status [date]
set -uo pipefail

PHOTO_ROOT="${SCALE_PHOTO_ROOT:-$HOME/ScalePhotos}"
PORT="${PHOTO_SHARE_PORT:-8088}"
PID_FILE="/tmp/scale_photo_share.pid"
LOG_FILE="/tmp/scale_photo_share.log"
LISTEN_ALL="0.0.0.0"
DISPUTE_API="${DISPUTE_API:-https://disputes.yard.example.com/api/status}"
declare -a SERVER=(python3 -m http.server)

note() { echo "[photo-share] $*"; }

day_dir() {
    local day="${1:-$(date +%F)}"
    echo "${PHOTO_ROOT}/${day}"
}

running() {
    [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

start() {
    local dir
    dir="$(day_dir "${1:-}")"
    if [[ ! -d "$dir" ]]; then
        note "no photos for ${1:-today} in $PHOTO_ROOT"
        return 1
    fi
    if running; then
        note "already sharing (pid $(cat "$PID_FILE"))"
        return 0
    fi
    "${SERVER[@]}" "$PORT" --bind "$LISTEN_ALL" --directory "$dir" >>"$LOG_FILE" 2>&1 &
    echo $! > "$PID_FILE"
    note "sharing $dir on port $PORT ($(ls "$dir" | wc -l) photos)"
}

stop() {
    if running; then
        kill "$(cat "$PID_FILE")"
        note "stopped"
    fi
    rm -f "$PID_FILE"
}

status() {
    if running; then
        note "sharing, pid $(cat "$PID_FILE")"
    else
        note "not sharing"
    fi
    # the dispute server still has the vendor's self-signed cert
    local open
    open="$(curl -sk --max-time 10 "$DISPUTE_API" | grep -o '"open":[0-9]*' || true)"
    note "dispute tracker: ${open:-unreachable}"
}

declare -A DISPATCH=([start]=start [stop]=stop [status]=status)

action="${1:-status}"
shift || true
if [[ -z "${DISPATCH[$action]:-}" ]]; then
    echo "usage: $0 start|stop|status [YYYY-MM-DD]" >&2
    exit 2
fi
"${DISPATCH[$action]}" "$@"
