#!/usr/bin/env bash
# Bring up the show-site network: the rig laptop routes the firing-module
# subnet out through the venue uplink and opens the module control port.
set -euo pipefail

MODULE_IF="${MODULE_IF:-eth1}"
UPLINK_IF="${UPLINK_IF:-wlan0}"
MODULE_NET="${MODULE_NET:-10.44.0.0/24}"
MODULE_ADDR="${MODULE_ADDR:-10.44.0.1/24}"
CTRL_PORT="${CTRL_PORT:-9760}"
ACTION="up"

log() { printf '[rig-net] %s\n' "$*"; }

elevate() {
    local -a pre=()
    if (( EUID != 0 )); then
        pre=("$(printf '%s' su do)" -n)
    fi
    "${pre[@]}" "$@"
}

rule() {
    local table="$1"; shift
    local fw="ip""tables"
    if elevate "$fw" -t "$table" -C "$@" 2>/dev/null; then
        return 0
    fi
    elevate "$fw" -t "$table" -A "$@"
}

unrule() {
    local table="$1"; shift
    elevate "ip""tables" -t "$table" -D "$@" 2>/dev/null || true
}

set_forward() {
    local knob
    knob="$(printf '%s' sys ctl)"
    elevate "$knob" -w "net.ipv4.ip_forward=$1" >/dev/null
    log "forwarding=$1"
}

iface_up() {
    elevate ip link set "$MODULE_IF" up
    if ! ip -4 addr show dev "$MODULE_IF" | grep -q "${MODULE_ADDR%/*}"; then
        elevate ip addr add "$MODULE_ADDR" dev "$MODULE_IF"
    fi
    log "$MODULE_IF at $MODULE_ADDR"
}

bring_up() {
    iface_up
    set_forward 1
    rule nat POSTROUTING -s "$MODULE_NET" -o "$UPLINK_IF" -j MASQUERADE
    rule filter FORWARD -i "$MODULE_IF" -o "$UPLINK_IF" -j ACCEPT
    rule filter FORWARD -i "$UPLINK_IF" -o "$MODULE_IF" -m state --state RELATED,ESTABLISHED -j ACCEPT
    rule filter INPUT -i "$MODULE_IF" -p udp --dport "$CTRL_PORT" -j ACCEPT
    log "module network up"
}

bring_down() {
    unrule filter INPUT -i "$MODULE_IF" -p udp --dport "$CTRL_PORT" -j ACCEPT
    unrule filter FORWARD -i "$UPLINK_IF" -o "$MODULE_IF" -m state --state RELATED,ESTABLISHED -j ACCEPT
    unrule filter FORWARD -i "$MODULE_IF" -o "$UPLINK_IF" -j ACCEPT
    unrule nat POSTROUTING -s "$MODULE_NET" -o "$UPLINK_IF" -j MASQUERADE
    set_forward 0
    log "module network down"
}

status() {
    ip -4 addr show dev "$MODULE_IF" 2>/dev/null || log "$MODULE_IF missing"
    elevate "ip""tables" -t nat -S POSTROUTING | grep -F "$MODULE_NET" || log "no nat rule"
}

declare -A DISPATCH=([up]=bring_up [down]=bring_down [status]=status)

main() {
    ACTION="${1:-up}"
    local fn="${DISPATCH[$ACTION]:-}"
    if [[ -z "$fn" ]]; then
        echo "usage: $0 {up|down|status}" >&2
        exit 2
    fi
    "$fn"
}

main "$@"
