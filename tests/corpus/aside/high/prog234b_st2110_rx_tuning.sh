#!/usr/bin/env bash
# prog234b_st2110_rx_tuning.sh
#
# Kernel network tuning for SMPTE ST 2110 receivers (multiviewer and
# playout servers that take uncompressed video over IP). Raises socket
# receive buffers and backlog so bursty 2110-20 flows do not drop packets,
# and makes the settings survive a reboot.
#
# Usage: prog234b_st2110_rx_tuning.sh [--profile hd|uhd] [--apply] [--show]

set -euo pipefail

PROG="$(basename "$0")"
PROFILE="hd"
APPLY=0
SHOW=0
CONF="/etc/sysctl.d/60-st2110-rx.conf"

declare -A HD=(
    [net.core.rmem_max]=67108864
    [net.core.rmem_default]=33554432
    [net.core.netdev_max_backlog]=250000
    [net.ipv4.igmp_max_memberships]=256
    [net.ipv4.udp_rmem_min]=16384
)

declare -A UHD=(
    [net.core.rmem_max]=268435456
    [net.core.rmem_default]=134217728
    [net.core.netdev_max_backlog]=500000
    [net.ipv4.igmp_max_memberships]=512
    [net.ipv4.udp_rmem_min]=65536
)

log() {
    printf '%s %s: %s\n' "$(date '+%F %T')" "$PROG" "$*" >&2
}

current_value() {
    sysctl -n "$1" 2>/dev/null || echo "n/a"
}

show_current() {
    local -n table="$1"
    printf '%-32s %-14s %-14s\n' "key" "current" "target"
    for key in "${!table[@]}"; do
        printf '%-32s %-14s %-14s\n' "$key" "$(current_value "$key")" "${table[$key]}"
    done | sort
}

apply_runtime() {
    local -n table="$1"
    for key in "${!table[@]}"; do
        if [[ "$(current_value "$key")" == "${table[$key]}" ]]; then
            log "$key already ${table[$key]}"
            continue
        fi
        sudo sysctl -w "${key}=${table[$key]}" >/dev/null
        log "set $key=${table[$key]}"
    done
}

write_persistent() {
    local -n table="$1"
    {
        echo "# ST 2110 receiver tuning (${PROFILE}) - managed by ${PROG}"
        for key in "${!table[@]}"; do
            echo "${key} = ${table[$key]}"
        done | sort
    } | sudo tee "$CONF" >/dev/null
    sudo chmod 0644 "$CONF"
    log "wrote $CONF"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --profile) PROFILE="$2"; shift 2 ;;
        --apply) APPLY=1; shift ;;
        --show) SHOW=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

case "$PROFILE" in
    hd) TABLE=HD ;;
    uhd) TABLE=UHD ;;
    *) log "profile must be hd or uhd"; exit 2 ;;
esac

if (( SHOW )) || (( ! APPLY )); then
    show_current "$TABLE"
    (( APPLY )) || { log "dry run; pass --apply to change settings"; exit 0; }
fi

apply_runtime "$TABLE"
write_persistent "$TABLE"
sudo sysctl --system >/dev/null
log "ST 2110 ${PROFILE} receive tuning applied"
