#!/usr/bin/env bash
# camera_stream_tuning.sh - tune kernel network buffers on a grading line PC
# so GigE Vision streams from the lane cameras stop dropping packets at
# full belt speed.
#
#   ./camera_stream_tuning.sh [--profile peak|normal] [--check-only]

set -euo pipefail

PROFILE="peak"
CHECK_ONLY=0
LOG_FILE="./camera_stream_tuning.log"

declare -A PEAK=(
    [net.core.rmem_max]=33554432
    [net.core.rmem_default]=33554432
    [net.core.netdev_max_backlog]=30000
    [net.ipv4.udp_rmem_min]=16384
)
declare -A NORMAL=(
    [net.core.rmem_max]=8388608
    [net.core.rmem_default]=4194304
    [net.core.netdev_max_backlog]=5000
    [net.ipv4.udp_rmem_min]=8192
)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

die() { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --profile)    PROFILE="$2"; shift 2 ;;
        --check-only) CHECK_ONLY=1; shift ;;
        -h|--help)    sed -n '2,7p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

case "$PROFILE" in
    peak|normal) ;;
    *) die "profile must be peak or normal" ;;
esac

current_value() {
    sysctl -n "$1" 2>/dev/null || echo "unknown"
}

wanted_value() {
    local key="$1"
    if [[ "$PROFILE" == "peak" ]]; then
        echo "${PEAK[$key]}"
    else
        echo "${NORMAL[$key]}"
    fi
}

report_drops() {
    local drops
    drops=$(awk '/Udp:/ && $2 ~ /^[0-9]+$/ {print $4}' /proc/net/snmp | head -n1)
    log "UDP receive errors so far: ${drops:-unknown}"
}

apply_profile() {
    local changed=0
    for key in "${!PEAK[@]}"; do
        local have want
        have=$(current_value "$key")
        want=$(wanted_value "$key")
        if [[ "$have" == "$want" ]]; then
            log "$key already $want"
            continue
        fi
        if [[ $CHECK_ONLY -eq 1 ]]; then
            log "$key is $have, profile $PROFILE wants $want"
            continue
        fi
        if sysctl -w "${key}=${want}" >/dev/null; then
            log "$key: $have -> $want"
            changed=$((changed + 1))
        else
            log "could not set $key (need root?)"
        fi
    done
    log "$changed setting(s) changed for profile $PROFILE"
}

main() {
    report_drops
    apply_profile
    report_drops
}

main
