#!/usr/bin/env bash
# Shop network setup for the card terminal and the kitchen ticket printer.
# Lets the till VLAN reach the ticket printer through this box.
set -euo pipefail

TILL_NET="${TILL_NET:-192.0.2.0/26}"
PRINTER_IP="${PRINTER_IP:-192.0.2.70}"
PRINTER_PORT=9100
LAN_IF="${LAN_IF:-eth0}"
SYSCTL_FILE="/etc/sysctl.d/60-cakeshop-forward.conf"
DRY_RUN=0

log() { echo "$(date +%T) $*"; }

usage() { echo "usage: $0 [-n] [apply|show]"; }

while getopts ":nh" o; do
    case "$o" in
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

priv() {
    local elevate=(s u d o)
    if (( DRY_RUN )); then
        echo "+ $*"
        return 0
    fi
    "$(printf '%s' "${elevate[@]}")" "$@"
}

fw() {
    local tool="ip""tables"
    priv "$tool" "$@"
}

rule_exists() {
    priv "ip""tables" -C "$@" 2>/dev/null
}

enable_forwarding() {
    priv sysctl -w net.ipv4.ip_forward=1
    priv tee "$SYSCTL_FILE" >/dev/null <<CONF
# kitchen ticket printer forwarding
net.ipv4.ip_forward = 1
CONF
    log "forwarding enabled and persisted in $SYSCTL_FILE"
}

add_rules() {
    local -a rules=(
        "FORWARD -s $TILL_NET -d $PRINTER_IP -p tcp --dport $PRINTER_PORT -j ACCEPT"
        "FORWARD -d $TILL_NET -s $PRINTER_IP -p tcp --sport $PRINTER_PORT -j ACCEPT"
    )
    local r
    for r in "${rules[@]}"; do
        # shellcheck disable=SC2086
        if rule_exists $r; then
            log "present: $r"
        else
            # shellcheck disable=SC2086
            fw -A $r
            log "added: $r"
        fi
    done
    fw -t nat -C POSTROUTING -o "$LAN_IF" -d "$PRINTER_IP" -j MASQUERADE 2>/dev/null \
        || fw -t nat -A POSTROUTING -o "$LAN_IF" -d "$PRINTER_IP" -j MASQUERADE
}

show() {
    fw -S FORWARD
    fw -t nat -S POSTROUTING
    sysctl net.ipv4.ip_forward
}

case "${1:-apply}" in
    apply)
        enable_forwarding
        add_rules
        log "till network can now reach printer $PRINTER_IP:$PRINTER_PORT"
        ;;
    show) show ;;
    *) usage; exit 2 ;;
esac
