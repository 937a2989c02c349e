#!/bin/bash
# Sets up routing and filter rules for the track sensor VLAN on the
# valley station gateway.
set -euo pipefail

SENSOR_IF="${SENSOR_IF:-eth1}"
UPLINK_IF="${UPLINK_IF:-eth0}"
SENSOR_NET="${SENSOR_NET:-198.51.100.0/26}"
COLLECTOR_IP="${COLLECTOR_IP:-198.51.100.10}"
MODBUS_PORT=502
CHAIN="TRACK_SENSORS"

log() {
    logger -t track-netconf "$*"
    echo "$*"
}

require_root() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "re-running with sudo"
        exec sudo -E "$0" "$@"
    fi
}

enable_forwarding() {
    sysctl -w net.ipv4.ip_forward=1 >/dev/null
    sysctl -w net.ipv4.conf.all.rp_filter=1 >/dev/null
    log "forwarding enabled"
}

reset_chain() {
    if iptables -L "$CHAIN" -n >/dev/null 2>&1; then
        iptables -F "$CHAIN"
    else
        iptables -N "$CHAIN"
    fi
    if ! iptables -C FORWARD -i "$SENSOR_IF" -j "$CHAIN" 2>/dev/null; then
        iptables -I FORWARD 1 -i "$SENSOR_IF" -j "$CHAIN"
    fi
}

apply_rules() {
    iptables -A "$CHAIN" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    iptables -A "$CHAIN" -s "$SENSOR_NET" -d "$COLLECTOR_IP" -p tcp --dport "$MODBUS_PORT" -j ACCEPT
    iptables -A "$CHAIN" -s "$SENSOR_NET" -p udp --dport 123 -j ACCEPT
    iptables -A "$CHAIN" -s "$SENSOR_NET" -o "$UPLINK_IF" -j LOG --log-prefix "track-drop: " --log-level 4
    iptables -A "$CHAIN" -j DROP
    log "rules applied to chain $CHAIN"
}

show_rules() {
    iptables -L "$CHAIN" -n -v --line-numbers
}

save_rules() {
    if command -v netfilter-persistent >/dev/null 2>&1; then
        netfilter-persistent save
    else
        iptables-save > /etc/iptables/rules.v4
    fi
    log "rules saved"
}

case "${1:-apply}" in
    apply)
        require_root "$@"
        enable_forwarding
        reset_chain
        apply_rules
        ;;
    save)
        require_root "$@"
        save_rules
        ;;
    show)
        require_root "$@"
        show_rules
        ;;
    *)
        echo "usage: $0 [apply|save|show]" >&2
        exit 2
        ;;
esac
