#!/usr/bin/env bash
# tune_ais_receiver_net.sh
#
# The AIS/VMS aggregation box on shore receives NMEA sentences from many
# coastal receivers over UDP. During busy fishing openings the kernel's
# default socket buffers overflow and positions are dropped. This script
# shows the current receive-buffer settings and raises them at runtime.
#
# Usage: tune_ais_receiver_net.sh [--show] [--rmem BYTES] [--backlog N]

set -euo pipefail

RMEM_TARGET=26214400
BACKLOG_TARGET=5000
SHOW_ONLY=0
REPORT="./ais_net_tuning.txt"

KEYS=(
    net.core.rmem_max
    net.core.rmem_default
    net.core.netdev_max_backlog
    net.ipv4.udp_mem
)

log() { echo "$(date '+%F %T') [$1] $2" >&2; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --show) SHOW_ONLY=1; shift ;;
            --rmem) RMEM_TARGET="$2"; shift 2 ;;
            --backlog) BACKLOG_TARGET="$2"; shift 2 ;;
            -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
            *) log ERROR "unknown option $1"; exit 1 ;;
        esac
    done
    for v in "$RMEM_TARGET" "$BACKLOG_TARGET"; do
        if ! [[ "$v" =~ ^[0-9]+$ ]]; then
            log ERROR "numeric value expected, got $v"
            exit 1
        fi
    done
}

show_current() {
    local key path
    for key in "${KEYS[@]}"; do
        path="/proc/sys/${key//./\/}"
        if [[ -r "$path" ]]; then
            printf '%-32s %s\n' "$key" "$(cat "$path")"
        fi
    done
}

udp_drops() {
    # RcvbufErrors column of the Udp: line in /proc/net/snmp
    awk '/^Udp:/ { if (hdr) { print $6; exit } hdr = 1 }' /proc/net/snmp
}

apply_settings() {
    local current
    current="$(sysctl -n net.core.rmem_max)"
    if (( current < RMEM_TARGET )); then
        sysctl -w net.core.rmem_max="$RMEM_TARGET"
        sysctl -w net.core.rmem_default="$RMEM_TARGET"
        log INFO "receive buffers raised to $RMEM_TARGET"
    else
        log INFO "rmem_max already $current"
    fi
    current="$(sysctl -n net.core.netdev_max_backlog)"
    if (( current < BACKLOG_TARGET )); then
        sysctl -w net.core.netdev_max_backlog="$BACKLOG_TARGET"
        log INFO "netdev backlog raised to $BACKLOG_TARGET"
    fi
}

main() {
    parse_args "$@"
    {
        echo "# before $(date -u '+%FT%TZ')"
        show_current
        echo "udp_rcvbuf_errors $(udp_drops)"
    } | tee "$REPORT"

    if (( SHOW_ONLY )); then
        exit 0
    fi
    if [[ "$EUID" -ne 0 ]]; then
        log ERROR "changing kernel parameters requires root"
        exit 1
    fi
    apply_settings
    {
        echo "# after $(date -u '+%FT%TZ')"
        show_current
    } | tee -a "$REPORT"
    log INFO "settings are runtime only; they reset at reboot"
}

main "$@"
