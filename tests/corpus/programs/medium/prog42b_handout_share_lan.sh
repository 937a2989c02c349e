#!/bin/sh
# Share lecture handouts with the students in the room.
#
# Builds a read-only snapshot of the handouts folder, then serves it over
# plain HTTP so laptops on the classroom Wi-Fi can download the files during
# the session. Stop it with "$0 stop".

HANDOUTS_DIR="${HANDOUTS_DIR:-$HOME/teaching/handouts}"
PORT="${SHARE_PORT:-8080}"
STAGE=/tmp/class-handouts
PIDFILE=/tmp/class-handouts.pid
LOGFILE=/tmp/class-handouts.log

say() { echo "[handouts] $*"; }

lan_address() {
    # first non-loopback IPv4 address, for the slide we show to students
    hostname -I 2>/dev/null | awk '{print $1}'
}

stage_files() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    count=0
    for f in "$HANDOUTS_DIR"/*.pdf "$HANDOUTS_DIR"/*.ipynb "$HANDOUTS_DIR"/*.zip; do
        [ -e "$f" ] || continue
        cp -p "$f" "$STAGE/"
        count=$((count + 1))
    done
    if [ "$count" -eq 0 ]; then
        say "nothing to share in $HANDOUTS_DIR"
        return 1
    fi
    say "staged $count files"
    {
        echo "<html><body><h1>Handouts $(date +%d.%m.%Y)</h1><ul>"
        for f in "$STAGE"/*; do
            n=$(basename "$f")
            echo "<li><a href=\"$n\">$n</a></li>"
        done
        echo "</ul></body></html>"
    } > "$STAGE/index.html"
}

start_share() {
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        say "already running (pid $(cat "$PIDFILE"))"
        return 0
    fi
    stage_files || return 1
    nohup python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$STAGE" \
        >"$LOGFILE" 2>&1 &
    echo $! > "$PIDFILE"
    sleep 1
    say "serving on http://$(lan_address):$PORT/ (pid $(cat "$PIDFILE"))"
}

stop_share() {
    if [ ! -f "$PIDFILE" ]; then
        say "not running"
        return 0
    fi
    pid=$(cat "$PIDFILE")
    kill "$pid" 2>/dev/null && say "stopped pid $pid"
    rm -f "$PIDFILE"
    downloads=$(grep -c '"GET /' "$LOGFILE" 2>/dev/null || echo 0)
    say "$downloads downloads served this session"
}

case "${1:-start}" in
    start) start_share ;;
    stop) stop_share ;;
    status)
        if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
            say "running on port $PORT"
        else
            say "stopped"
        fi
        ;;
    *) echo "usage: $0 [start|stop|status]" >&2; exit 64 ;;
esac
