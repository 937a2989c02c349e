#!/bin/sh
# arrangement_kiosk_firewall.sh - open the ports the arrangement-room kiosk
# needs on the office server (coffin and urn catalogue, music library) and
# close them again when the kiosk is taken away.

set -eu

KIOSK_NET="${KIOSK_NET:-192.0.2.64/27}"
CATALOGUE_PORT="${CATALOGUE_PORT:-8443}"
MUSIC_PORT="${MUSIC_PORT:-8096}"
CHAIN="KIOSK_IN"
RULES_FILE="/etc/iptables/rules.v4"

usage() {
    echo "usage: $0 open|close|show [--save]"
}

ipt() {
    sudo iptables "$@"
}

chain_exists() {
    ipt -n -L "$CHAIN" >/dev/null 2>&1
}

open_ports() {
    if ! chain_exists; then
        ipt -N "$CHAIN"
    fi
    ipt -F "$CHAIN"
    for port in "$CATALOGUE_PORT" "$MUSIC_PORT"; do
        ipt -A "$CHAIN" -s "$KIOSK_NET" -p tcp --dport "$port" \
            -m conntrack --ctstate NEW -j ACCEPT
    done
    ipt -A "$CHAIN" -j RETURN
    if ! ipt -C INPUT -j "$CHAIN" 2>/dev/null; then
        ipt -I INPUT 1 -j "$CHAIN"
    fi
    echo "kiosk ports $CATALOGUE_PORT,$MUSIC_PORT open to $KIOSK_NET"
}

close_ports() {
    if ipt -C INPUT -j "$CHAIN" 2>/dev/null; then
        ipt -D INPUT -j "$CHAIN"
    fi
    if chain_exists; then
        ipt -F "$CHAIN"
        ipt -X "$CHAIN"
    fi
    echo "kiosk ports closed"
}

show_rules() {
    if chain_exists; then
        ipt -n -v -L "$CHAIN"
    else
        echo "no kiosk chain present"
    fi
}

save_rules() {
    sudo mkdir -p "$(dirname "$RULES_FILE")"
    sudo sh -c "iptables-save > $RULES_FILE"
    echo "rules saved to $RULES_FILE"
}

ACTION="${1:-}"
SAVE=0
[ "${2:-}" = "--save" ] && SAVE=1

case "$ACTION" in
    open) open_ports ;;
    close) close_ports ;;
    show) show_rules; exit 0 ;;
    *) usage; exit 2 ;;
esac

[ "$SAVE" -eq 1 ] && save_rules
exit 0
