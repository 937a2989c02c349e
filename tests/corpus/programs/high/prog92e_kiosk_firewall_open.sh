#!/bin/sh
# Open the ports the locker kiosk needs for the payment terminal and the
# facility gate controller, restricted to the store LAN.
#
#   kiosk_firewall_open.sh [apply|remove|status]
#
# Reads the port list from ./kiosk_ports.conf, one "proto port comment" per
# line, e.g.
#   tcp 8443 payment terminal callback
#   udp 47808 gate controller bacnet
set -eu

ACTION=${1:-apply}
CONF=./kiosk_ports.conf
LAN_CIDR=${LAN_CIDR:-192.168.50.0/24}
CHAIN=KIOSK_IN
IPT=$(command -v iptables || echo /usr/sbin/iptables)

run() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

log() { logger -t kiosk-firewall "$*" 2>/dev/null || true; echo "$*"; }

ensure_chain() {
    run "$IPT" -N "$CHAIN" 2>/dev/null || true
    if ! run "$IPT" -C INPUT -j "$CHAIN" 2>/dev/null; then
        run "$IPT" -I INPUT 1 -j "$CHAIN"
        log "hooked $CHAIN into INPUT"
    fi
}

read_ports() {
    [ -r "$CONF" ] || { echo "missing $CONF" >&2; exit 1; }
    grep -v '^[[:space:]]*#' "$CONF" | awk 'NF >= 2 {print $1, $2}'
}

apply_rules() {
    ensure_chain
    run "$IPT" -F "$CHAIN"
    read_ports | while read -r proto port; do
        case $proto in tcp|udp) ;; *) echo "skip bad proto $proto"; continue ;; esac
        run "$IPT" -A "$CHAIN" -p "$proto" -s "$LAN_CIDR" --dport "$port" \
            -m comment --comment "kiosk $proto/$port" -j ACCEPT
        log "allowed $proto/$port from $LAN_CIDR"
    done
    run "$IPT" -A "$CHAIN" -j RETURN
}

remove_rules() {
    while run "$IPT" -C INPUT -j "$CHAIN" 2>/dev/null; do
        run "$IPT" -D INPUT -j "$CHAIN"
    done
    run "$IPT" -F "$CHAIN" 2>/dev/null || true
    run "$IPT" -X "$CHAIN" 2>/dev/null || true
    log "kiosk rules removed"
}

persist() {
    if command -v netfilter-persistent >/dev/null 2>&1; then
        run netfilter-persistent save
    elif [ -d /etc/iptables ]; then
        run sh -c "$IPT-save > /etc/iptables/rules.v4"
    else
        log "no persistence helper found; rules last until reboot"
    fi
}

case $ACTION in
    apply) apply_rules; persist ;;
    remove) remove_rules; persist ;;
    status) run "$IPT" -L "$CHAIN" -n -v --line-numbers ;;
    *) echo "usage: $0 [apply|remove|status]" >&2; exit 2 ;;
esac
