#!/bin/sh
# Set up the depot gateway box so the rider check-in kiosks on the depot
# Wi-Fi can reach the order board, and the board's name resolves locally.

set -eu

DEPOT_NET="${DEPOT_NET:-192.0.2.0/24}"
BOARD_ADDR="${BOARD_ADDR:-192.0.2.10}"
BOARD_NAMES="board.depot.velocoop.example kiosk-api.depot.velocoop.example"
KIOSK_PORT="${KIOSK_PORT:-8443}"
WAN_IF="${WAN_IF:-eth0}"
LAN_IF="${LAN_IF:-wlan0}"
SYSCTL_FILE="/etc/sysctl.d/60-depot-gateway.conf"
HOSTS_TAG="# depot-board"

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

info() { echo "depot-setup: $*"; }

rule_present() {
    # rule_present <table> <chain> <rule...>
    table="$1"; chain="$2"; shift 2
    $SUDO iptables -t "$table" -C "$chain" "$@" 2>/dev/null
}

add_rule() {
    table="$1"; chain="$2"; shift 2
    if rule_present "$table" "$chain" "$@"; then
        info "rule already present in $table/$chain"
    else
        $SUDO iptables -t "$table" -A "$chain" "$@"
        info "added rule to $table/$chain"
    fi
}

configure_forwarding() {
    $SUDO sysctl -w net.ipv4.ip_forward=1 >/dev/null
    printf 'net.ipv4.ip_forward = 1\n' | $SUDO tee "$SYSCTL_FILE" >/dev/null
    info "forwarding enabled and persisted in $SYSCTL_FILE"
}

configure_filter() {
    add_rule filter INPUT -i "$LAN_IF" -s "$DEPOT_NET" -p tcp --dport "$KIOSK_PORT" -j ACCEPT
    add_rule filter FORWARD -i "$LAN_IF" -o "$WAN_IF" -s "$DEPOT_NET" -j ACCEPT
    add_rule filter FORWARD -i "$WAN_IF" -o "$LAN_IF" -m state --state RELATED,ESTABLISHED -j ACCEPT
    add_rule nat POSTROUTING -o "$WAN_IF" -s "$DEPOT_NET" -j MASQUERADE
}

configure_names() {
    if grep -q "$HOSTS_TAG" /etc/hosts; then
        $SUDO sed -i "/$HOSTS_TAG/d" /etc/hosts
    fi
    printf '%s\t%s\t%s\n' "$BOARD_ADDR" "$BOARD_NAMES" "$HOSTS_TAG" | $SUDO tee -a /etc/hosts >/dev/null
    info "board names mapped to $BOARD_ADDR"
}

save_rules() {
    if command -v netfilter-persistent >/dev/null 2>&1; then
        $SUDO netfilter-persistent save >/dev/null
        info "rules saved"
    else
        $SUDO sh -c 'iptables-save > /etc/iptables/rules.v4' 2>/dev/null || info "rules not persisted"
    fi
}

check() {
    $SUDO iptables -S | grep -- "--dport $KIOSK_PORT" || true
    getent hosts board.depot.velocoop.example || true
    sysctl net.ipv4.ip_forward
}

case "${1:-apply}" in
    apply)
        configure_forwarding
        configure_filter
        configure_names
        save_rules
        check
        ;;
    check)
        check
        ;;
    *)
        echo "usage: $0 [apply|check]" >&2
        exit 2
        ;;
esac
