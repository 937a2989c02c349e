#!/bin/sh
# kiosk_launcher.sh - start the karaoke room song-selection kiosk
#
# Waits for the display and the venue song server, then opens the song
# picker in a full-screen browser and restarts it if it crashes.  Meant to
# be started by the room tablet's session on login.
#
# usage: kiosk_launcher.sh [start|stop|status]

SERVER="${KIOSK_SERVER:-http://songs.local:8080}"
ROOM="${KIOSK_ROOM:-$(hostname -s)}"
PIDFILE=/tmp/karaoke_kiosk.pid
LOGFILE=/tmp/karaoke_kiosk.log
PROFILE=/tmp/karaoke_kiosk_profile
MAX_RESTARTS=20

log() {
    echo "$(date '+%F %T') [$ROOM] $*" >> "$LOGFILE"
}

pick_browser() {
    for b in chromium chromium-browser google-chrome firefox; do
        if command -v "$b" >/dev/null 2>&1; then
            echo "$b"
            return 0
        fi
    done
    return 1
}

wait_for_display() {
    i=0
    while [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ $i -lt 30 ]; do
        sleep 1; i=$((i + 1))
    done
    [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]
}

wait_for_server() {
    i=0
    until curl -fs --max-time 3 "$SERVER/health" >/dev/null; do
        i=$((i + 1))
        [ $i -ge 60 ] && return 1
        sleep 2
    done
}

run_browser() {
    browser=$1
    url="$SERVER/rooms/$ROOM/picker"
    case $browser in
        firefox) "$browser" --kiosk --profile "$PROFILE" "$url" ;;
        *) "$browser" --kiosk --noerrdialogs --disable-infobars \
               --user-data-dir="$PROFILE" --no-first-run "$url" ;;
    esac
}

supervise() {
    browser=$(pick_browser) || { log "no supported browser"; exit 1; }
    mkdir -p "$PROFILE"
    n=0
    while [ $n -lt $MAX_RESTARTS ]; do
        log "starting $browser (attempt $((n + 1)))"
        run_browser "$browser" >> "$LOGFILE" 2>&1
        rc=$?
        log "browser exited rc=$rc"
        n=$((n + 1))
        sleep 3
    done
    log "too many restarts, giving up"
}

start() {
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        echo "kiosk already running (pid $(cat "$PIDFILE"))"
        return 0
    fi
    wait_for_display || { log "no display after 30s"; exit 1; }
    wait_for_server || log "song server not answering, starting anyway"
    supervise &
    echo $! > "$PIDFILE"
    log "kiosk supervisor pid $!"
}

stop() {
    if [ -f "$PIDFILE" ]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null && log "stopped"
        rm -f "$PIDFILE"
    fi
}

case "${1:-start}" in
    start)  start ;;
    stop)   stop ;;
    status) [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null \
                && echo running || echo stopped ;;
    *) echo "usage: $0 [start|stop|status]" >&2; exit 2 ;;
esac
