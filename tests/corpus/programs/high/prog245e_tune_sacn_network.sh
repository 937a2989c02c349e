#!/usr/bin/env bash
# tune_sacn_network.sh - kernel network tuning for sACN on the touring rig.
#
# With eight universes of sACN multicast on the show network the desk PC
# drops packets under the default socket buffer sizes and IGMP limits.
# This raises them for the current boot (nothing is written to /etc) and
# can put back the values saved from the last run.
#
# Usage: tune_sacn_network.sh [apply|revert|status]

set -euo pipefail

STATE_FILE="./sacn_sysctl_saved.txt"
declare -A WANT=(
    [net.core.rmem_max]=16777216
    [net.core.rmem_default]=4194304
    [net.core.netdev_max_backlog]=5000
    [net.ipv4.igmp_max_memberships]=64
    [net.core.wmem_max]=8388608
)

log() { printf '%s [%s] %s\n' "$(date +%T)" "$1" "$2" >&2; }

current() { sysctl -n "$1" 2>/dev/null || echo "unavailable"; }

status() {
    local key
    for key in "${!WANT[@]}"; do
        printf '%-36s now=%-10s want=%s\n' "$key" "$(current "$key")" "${WANT[$key]}"
    done | sort
}

apply() {
    local key changed=0
    if [[ ! -f "$STATE_FILE" ]]; then
        for key in "${!WANT[@]}"; do
            printf '%s=%s\n' "$key" "$(current "$key")"
        done > "$STATE_FILE"
        log INFO "original values saved to $STATE_FILE"
    fi
    for key in "${!WANT[@]}"; do
        if [[ "$(current "$key")" == "${WANT[$key]}" ]]; then
            continue
        fi
        if sudo sysctl -q -w "${key}=${WANT[$key]}"; then
            log INFO "set $key=${WANT[$key]}"
            changed=$((changed + 1))
        else
            log WARN "could not set $key"
        fi
    done
    log INFO "$changed setting(s) changed"
}

revert() {
    [[ -f "$STATE_FILE" ]] || { log ERROR "no saved state in $STATE_FILE"; exit 1; }
    local line key val
    while IFS= read -r line; do
        key="${line%%=*}"
        val="${line#*=}"
        [[ "$val" == "unavailable" ]] && continue
        sudo sysctl -q -w "${key}=${val}" && log INFO "restored $key=$val"
    done < "$STATE_FILE"
    rm -f "$STATE_FILE"
}

case "${1:-status}" in
    apply)  apply; status ;;
    revert) revert; status ;;
    status) status ;;
    *) echo "usage: $0 [apply|revert|status]" >&2; exit 2 ;;
esac
