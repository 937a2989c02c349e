#!/bin/bash
# Adds the allow rules the EPOS tills need to reach the shop server,
# and turns on forwarding so the tills can reach the payments gateway
# through it. Existing rules are left alone.
set -euo pipefail

LAN_IF="${LAN_IF:-eth1}"
WAN_IF="${WAN_IF:-eth0}"
TILL_NET="${TILL_NET:-192.0.2.0/26}"
PAYMENTS_GW="${PAYMENTS_GW:-198.51.100.25}"
EPOS_PORTS="8443 9100 5432"
APPLY=1

usage() {
    echo "Usage: $0 [--check]"
    echo "  --check   only report which rules are missing"
}

ensure_rule() {
    local table="$1"; shift
    if sudo iptables -t "$table" -C "$@" 2>/dev/null; then
        echo "present: -t $table $*"
        return 0
    fi
    if [[ "$APPLY" -eq 1 ]]; then
        sudo iptables -t "$table" -A "$@"
        echo "added:   -t $table $*"
    else
        echo "missing: -t $table $*"
    fi
}

allow_till_services() {
    local port
    for port in $EPOS_PORTS; do
        ensure_rule filter INPUT -i "$LAN_IF" -s "$TILL_NET" -p tcp --dport "$port" -j ACCEPT
    done
}

allow_payments_path() {
    ensure_rule filter FORWARD -i "$LAN_IF" -o "$WAN_IF" -s "$TILL_NET" -d "$PAYMENTS_GW" \
        -p tcp --dport 443 -j ACCEPT
    ensure_rule filter FORWARD -i "$WAN_IF" -o "$LAN_IF" -m conntrack \
        --ctstate ESTABLISHED,RELATED -j ACCEPT
    ensure_rule nat POSTROUTING -o "$WAN_IF" -s "$TILL_NET" -d "$PAYMENTS_GW" -j MASQUERADE
}

enable_forwarding() {
    local current
    current="$(sysctl -n net.ipv4.ip_forward)"
    if [[ "$current" == "1" ]]; then
        echo "forwarding already on"
        return
    fi
    if [[ "$APPLY" -eq 1 ]]; then
        sudo sysctl -w net.ipv4.ip_forward=1
        echo "net.ipv4.ip_forward = 1" | sudo tee /etc/sysctl.d/60-epos-forward.conf >/dev/null
    else
        echo "forwarding is off"
    fi
}

save_rules() {
    if command -v netfilter-persistent >/dev/null 2>&1; then
        sudo netfilter-persistent save
    elif [[ -d /etc/iptables ]]; then
        sudo sh -c 'iptables-save > /etc/iptables/rules.v4'
    fi
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --check) APPLY=0 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

echo "EPOS network rules for $TILL_NET via $LAN_IF"
allow_till_services
allow_payments_path
enable_forwarding
if [[ "$APPLY" -eq 1 ]]; then
    save_rules
fi
echo "done"
