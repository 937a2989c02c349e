#!/usr/bin/env bash
# gps_ingest_net_tuning.sh
#
# Tunes kernel network buffers on the GPS ingest server. Around 06:00 every
# collection truck powers up at once and floods the UDP breadcrumb listener;
# with default buffers the listener drops packets and routes show gaps.
# Shows current values, applies the tuned ones at runtime, and reports the
# UDP receive-error counter before and after so the change can be judged.
#
# Usage: gps_ingest_net_tuning.sh [-s show|apply] [-p profile]

set -u

MODE="show"
PROFILE="peak"
LOG_FILE="./net_tuning.log"

declare -A PEAK=(
    [net.core.rmem_max]=26214400
    [net.core.rmem_default]=8388608
    [net.core.netdev_max_backlog]=5000
    [net.ipv4.udp_mem]="65536 131072 262144"
)
declare -A DEFAULTS=(
    [net.core.rmem_max]=212992
    [net.core.rmem_default]=212992
    [net.core.netdev_max_backlog]=1000
    [net.ipv4.udp_mem]="94314 125754 188628"
)

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

while getopts ":s:p:h" opt; do
    case "$opt" in
        s) MODE="$OPTARG" ;;
        p) PROFILE="$OPTARG" ;;
        h) echo "Usage: $0 [-s show|apply] [-p peak|default]"; exit 0 ;;
        *) echo "unknown option" >&2; exit 2 ;;
    esac
done

udp_rcvbuf_errors() {
    awk '/^Udp:/ { if (hdr) { print $6; exit } hdr=1 }' /proc/net/snmp
}

show_current() {
    local key
    for key in "${!PEAK[@]}"; do
        log "$key = $(sysctl -n "$key" 2>/dev/null || echo '?')"
    done
    log "UDP RcvbufErrors = $(udp_rcvbuf_errors)"
}

apply_profile() {
    local -n values="$1"
    local key
    for key in "${!values[@]}"; do
        log "setting $key = ${values[$key]}"
        if ! sudo sysctl -w "$key=${values[$key]}" >/dev/null; then
            log "failed to set $key"
            return 1
        fi
    done
}

main() {
    log "GPS ingest tuning: mode=$MODE profile=$PROFILE"
    show_current
    [ "$MODE" = "show" ] && exit 0
    if [ "$MODE" != "apply" ]; then
        log "unknown mode $MODE"
        exit 2
    fi
    local before after
    before=$(udp_rcvbuf_errors)
    case "$PROFILE" in
        peak) apply_profile PEAK ;;
        default) apply_profile DEFAULTS ;;
        *) log "unknown profile $PROFILE"; exit 2 ;;
    esac
    sleep 60
    after=$(udp_rcvbuf_errors)
    log "UDP receive errors in the last minute: $((after - before))"
    show_current
}

main
