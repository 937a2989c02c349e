#!/bin/sh
# Autoclicker for idle/clicker games using xdotool.
# Start:  ./idle_autoclick.sh start [window-name] [clicks-per-sec]
# Stop:   ./idle_autoclick.sh stop
# State:  ./idle_autoclick.sh status

PIDFILE=/tmp/idle_autoclick.pid
STATEFILE=/tmp/idle_autoclick.state
DEFAULT_WINDOW="Cookie Clicker"
DEFAULT_CPS=8

log() {
    printf '%s [autoclick] %s\n' "$(date +%H:%M:%S)" "$*"
}

need() {
    command -v "$1" >/dev/null 2>&1 || { log "missing dependency: $1"; exit 1; }
}

find_window() {
    xdotool search --onlyvisible --name "$1" 2>/dev/null | head -n 1
}

click_loop() {
    win="$1"
    delay="$2"
    count=0
    while :; do
        active=$(xdotool getactivewindow 2>/dev/null)
        if [ "$active" = "$win" ]; then
            xdotool click --window "$win" 1
            count=$((count + 1))
            if [ $((count % 100)) -eq 0 ]; then
                echo "clicks=$count window=$win updated=$(date +%s)" > "$STATEFILE"
            fi
        fi
        sleep "$delay"
    done
}

start() {
    need xdotool
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        log "already running (pid $(cat "$PIDFILE"))"
        exit 0
    fi
    name="${1:-$DEFAULT_WINDOW}"
    cps="${2:-$DEFAULT_CPS}"
    win=$(find_window "$name")
    if [ -z "$win" ]; then
        log "no visible window matching '$name'"
        exit 1
    fi
    delay=$(awk -v c="$cps" 'BEGIN { printf "%.3f", 1 / c }')
    log "clicking window $win at ${cps}/s (delay ${delay}s); focus it to begin"
    click_loop "$win" "$delay" &
    echo $! > "$PIDFILE"
    echo "clicks=0 window=$win updated=$(date +%s)" > "$STATEFILE"
}

stop() {
    if [ ! -f "$PIDFILE" ]; then
        log "not running"
        return 0
    fi
    pid=$(cat "$PIDFILE")
    if kill "$pid" 2>/dev/null; then
        log "stopped pid $pid"
    else
        log "stale pid file"
    fi
    rm -f "$PIDFILE"
}

status() {
    if [ -f "$STATEFILE" ]; then
        cat "$STATEFILE"
    else
        log "no state yet"
    fi
}

case "${1:-}" in
    start) shift; start "$@" ;;
    stop) stop ;;
    status) status ;;
    *) echo "usage: $0 start [window] [cps] | stop | status" >&2; exit 1 ;;
esac
