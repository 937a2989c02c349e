#!/bin/sh
# Opens the booking kiosk and printer ports to the shop LAN only.
# Usage: ./shop_firewall_rules.sh [apply|list]

set -eu

CHAIN="PAWVAN_KIOSK"
SHOP_LAN="${SHOP_LAN:-192.0.2.0/24}"
VAN_VPN="${VAN_VPN:-198.51.100.0/24}"
KIOSK_PORTS="8080 8443"
PRINTER_PORT="9100"
RULES_FILE="/etc/iptables/rules.v4"

say() {
    echo "[firewall] $*"
}

need_tools() {
    for t in iptables iptables-save sudo; do
        command -v "$t" >/dev/null 2>&1 || { echo "missing $t" >&2; exit 1; }
    done
}

ipt() {
    sudo iptables "$@"
}

ensure_chain() {
    if ! ipt -n -L "$CHAIN" >/dev/null 2>&1; then
        say "creating chain $CHAIN"
        ipt -N "$CHAIN"
    fi
    if ! ipt -C INPUT -j "$CHAIN" 2>/dev/null; then
        say "hooking $CHAIN into INPUT"
        ipt -I INPUT 1 -j "$CHAIN"
    fi
}

add_rule() {
    if ! ipt -C "$CHAIN" "$@" 2>/dev/null; then
        ipt -A "$CHAIN" "$@"
        say "added: $*"
    fi
}

apply_rules() {
    ensure_chain
    for port in $KIOSK_PORTS; do
        add_rule -s "$SHOP_LAN" -p tcp --dport "$port" -j ACCEPT
        add_rule -s "$VAN_VPN" -p tcp --dport "$port" -j ACCEPT
    done
    add_rule -s "$SHOP_LAN" -p tcp --dport "$PRINTER_PORT" -j ACCEPT
    add_rule -p tcp --dport "$PRINTER_PORT" -j DROP
    for port in $KIOSK_PORTS; do
        add_rule -p tcp --dport "$port" -j DROP
    done
}

save_rules() {
    sudo mkdir -p "$(dirname "$RULES_FILE")"
    sudo iptables-save | sudo tee "$RULES_FILE" >/dev/null
    say "saved to $RULES_FILE"
}

list_rules() {
    ipt -n -v --line-numbers -L "$CHAIN" 2>/dev/null || say "chain $CHAIN not present"
}

need_tools
case "${1:-apply}" in
    apply)
        apply_rules
        save_rules
        list_rules
        ;;
    list)
        list_rules
        ;;
    *)
        echo "usage: $0 [apply|list]" >&2
        exit 2
        ;;
esac
