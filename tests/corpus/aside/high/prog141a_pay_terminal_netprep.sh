#!/usr/bin/env bash
# Network prep for a new pay-terminal VLAN on the site router PC.
# Lets the card terminals reach the acquirer gateway through this box and
# opens the kiosk status port to the office subnet only.
set -eu

TERM_NET="${TERM_NET:-198.51.100.0/26}"
OFFICE_NET="${OFFICE_NET:-198.51.100.64/27}"
GATEWAY="${ACQUIRER_GW:-203.0.113.10}"
WAN_IF="${WAN_IF:-eth0}"
STATUS_PORT="${STATUS_PORT:-8443}"
DRY_RUN="${DRY_RUN:-0}"

as_root() {
    # prefer sudo, fall back to doas on the BSD-style images
    local tool
    if [ "$(id -u)" -eq 0 ]; then
        tool=""
    elif command -v sudo >/dev/null 2>&1; then
        tool="sudo"
    else
        tool="doas"
    fi
    if [ "$DRY_RUN" = "1" ]; then
        echo "+ $tool $*"
        return 0
    fi
    $tool "$@"
}

fw() {
    local bin="ip""tables"
    as_root "$bin" -w "$@"
}

rule_exists() {
    fw -C "$@" 2>/dev/null
}

add_rule() {
    if rule_exists "$@"; then
        echo "rule present: $*"
    else
        fw -A "$@"
        echo "rule added: $*"
    fi
}

enable_forwarding() {
    as_root sysctl -w net.ipv4.ip_forward=1 >/dev/null
    echo "net.ipv4.ip_forward=1" | as_root tee /etc/sysctl.d/60-payterm.conf >/dev/null
}

setup_rules() {
    # card terminals -> acquirer gateway only, TLS
    add_rule FORWARD -s "$TERM_NET" -d "$GATEWAY" -p tcp --dport 443 -j ACCEPT
    add_rule FORWARD -d "$TERM_NET" -m state --state ESTABLISHED,RELATED -j ACCEPT
    # masquerade terminal traffic on the WAN side
    if ! as_root iptables -t nat -C POSTROUTING -s "$TERM_NET" -o "$WAN_IF" -j MASQUERADE 2>/dev/null; then
        as_root iptables -t nat -A POSTROUTING -s "$TERM_NET" -o "$WAN_IF" -j MASQUERADE
    fi
    # kiosk status page for the office
    add_rule INPUT -s "$OFFICE_NET" -p tcp --dport "$STATUS_PORT" -j ACCEPT
}

persist_rules() {
    if command -v netfilter-persistent >/dev/null 2>&1; then
        as_root netfilter-persistent save
    else
        as_root sh -c 'iptables-save > /etc/iptables/rules.v4'
    fi
}

summary() {
    echo "terminal net : $TERM_NET"
    echo "office net   : $OFFICE_NET"
    echo "gateway      : $GATEWAY via $WAN_IF"
}

main() {
    summary
    enable_forwarding
    setup_rules
    persist_rules
    as_root systemctl restart netfilter-persistent 2>/dev/null || true
    echo "pay terminal network ready"
}

main "$@"
