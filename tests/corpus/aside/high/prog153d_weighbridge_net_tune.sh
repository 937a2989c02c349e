#!/usr/bin/env bash
# Network tuning for the weighbridge terminal.
# The weighbridge indicator streams readings over UDP and the ticket printer
# sits on the same subnet. Raise socket buffers so bursts from the indicator
# are not dropped and open the indicator/printer ports for the yard subnet.

set -euo pipefail

YARD_SUBNET="${YARD_SUBNET:-198.51.100.0/24}"
INDICATOR_PORT="${INDICATOR_PORT:-4001}"
PRINTER_PORT=9100
RMEM="${RMEM:-8388608}"

log() { echo "[wb-net] $*"; }

priv() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo -n "$@" || { log "need sudo rights for: $*"; return 1; }
    fi
}

show_current() {
    log "current buffers:"
    for key in net.core.rmem_max net.core.rmem_default net.core.netdev_max_backlog; do
        printf '  %-30s %s\n' "$key" "$(cat /proc/sys/${key//.//})"
    done
}

tune_buffers() {
    local ctl
    ctl="$(command -v sysctl || echo /sbin/sysctl)"
    priv "$ctl" -w net.core.rmem_max="$RMEM"
    priv "$ctl" -w net.core.rmem_default="$((RMEM / 4))"
    priv "$ctl" -w net.core.netdev_max_backlog=5000
    log "socket buffers raised"
}

rule_exists() {
    priv iptables -C INPUT "$@" 2>/dev/null
}

open_ports() {
    local -a specs=(
        "-p udp -s ${YARD_SUBNET} --dport ${INDICATOR_PORT}"
        "-p tcp -s ${YARD_SUBNET} --dport ${PRINTER_PORT}"
    )
    for spec in "${specs[@]}"; do
        # shellcheck disable=SC2086
        if rule_exists $spec -j ACCEPT; then
            log "rule already present: $spec"
        else
            # shellcheck disable=SC2086
            priv iptables -I INPUT $spec -j ACCEPT
            log "rule added: $spec"
        fi
    done
}

main() {
    local dry=0
    while getopts "nh" opt; do
        case "$opt" in
            n) dry=1 ;;
            h) echo "usage: $0 [-n]  (-n: show current values only)"; exit 0 ;;
            *) exit 2 ;;
        esac
    done
    show_current
    if [[ $dry -eq 1 ]]; then
        exit 0
    fi
    tune_buffers
    open_ports
    show_current
    log "done"
}

main "$@"
