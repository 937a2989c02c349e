#!/usr/bin/env bash
# Share tonight's rehearsal recordings with players in the hall.
# Collects the takes from the recorder's SD card, converts the file names
# to something readable, publishes them on the hall wifi for an hour and
# pushes a notice to the orchestra's chat bot.
set -uo pipefail

CARD_DIR="${CARD_DIR:-/media/$USER/ZOOM_H6/FOLDER01}"
SHARE_DIR="/tmp/rehearsal_share"
PORT="${PORT:-8000}"
SHARE_MINUTES="${SHARE_MINUTES:-60}"
NOTIFY_URL="${NOTIFY_URL:-https://chatbot.example.com/hooks/rehearsal}"
PIDFILE="/tmp/rehearsal_share.pid"

msg() { echo "[share] $*"; }

collect() {
    mkdir -p "$SHARE_DIR"
    local n=0 f base stamp
    if [ ! -d "$CARD_DIR" ]; then
        msg "recorder card not found at $CARD_DIR"
        return 1
    fi
    for f in "$CARD_DIR"/*.WAV "$CARD_DIR"/*.wav; do
        [ -f "$f" ] || continue
        stamp=$(date -r "$f" +%H%M)
        base=$(basename "$f" | tr '[:upper:]' '[:lower:]')
        cp -n "$f" "$SHARE_DIR/take_${stamp}_${base}"
        n=$((n + 1))
    done
    msg "collected $n takes"
    [ "$n" -gt 0 ]
}

hall_address() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

serve() {
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        msg "already sharing (pid $(cat "$PIDFILE"))"
        return 0
    fi
    ( cd "$SHARE_DIR" && exec python3 -m http.server "$PORT" --bind 0.0.0.0 ) \
        >/tmp/rehearsal_share.log 2>&1 &
    echo $! > "$PIDFILE"
    msg "sharing $SHARE_DIR on port $PORT"
}

notify() {
    local addr="$1"
    local text="Tonight's rehearsal takes are up at http://${addr}:${PORT}/ for ${SHARE_MINUTES} minutes"
    # the chat bot sits behind a self-signed cert on the church hall router
    curl -sk --max-time 10 -H 'Content-Type: application/json' \
        -d "{\"text\": \"${text}\"}" "$NOTIFY_URL" >/dev/null \
        && msg "notice posted" || msg "could not post notice"
}

stop_later() {
    local pid
    pid=$(cat "$PIDFILE")
    ( sleep $((SHARE_MINUTES * 60)); kill "$pid" 2>/dev/null; rm -f "$PIDFILE" ) &
    msg "share will close in $SHARE_MINUTES minutes"
}

stop_now() {
    if [ -f "$PIDFILE" ]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null && msg "share stopped"
        rm -f "$PIDFILE"
    else
        msg "nothing to stop"
    fi
}

case "${1:-start}" in
    start)
        collect || exit 1
        serve
        notify "$(hall_address)"
        stop_later
        ;;
    stop)
        stop_now
        ;;
    *)
        echo "usage: $0 [start|stop]"
        exit 2
        ;;
esac
