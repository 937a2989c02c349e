#!/usr/bin/env bash
# Open the ports the seed-swap till needs on the shop LAN and make the
# rules survive a reboot. Only the shop subnet is allowed in.
set -euo pipefail

SHOP_NET="${SHOP_NET:-192.0.2.0/24}"
TILL_PORTS="${TILL_PORTS:-8443 9100}"
RULES_FILE="/etc/iptables/rules.v4"
CHAIN="SEEDSHOP_IN"

msg() {
    echo "[till-fw] $*"
}

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        msg "re-running with sudo"
        exec sudo -E "$0" "$@"
    fi
}

chain_exists() {
    iptables -n -L "$CHAIN" >/dev/null 2>&1
}

ensure_chain() {
    if ! chain_exists; then
        iptables -N "$CHAIN"
        msg "created chain $CHAIN"
    fi
    if ! iptables -C INPUT -j "$CHAIN" 2>/dev/null; then
        iptables -I INPUT 1 -j "$CHAIN"
        msg "hooked $CHAIN into INPUT"
    fi
}

add_port_rule() {
    port="$1"
    if iptables -C "$CHAIN" -p tcp -s "$SHOP_NET" --dport "$port" -j ACCEPT 2>/dev/null; then
        msg "port $port already open for $SHOP_NET"
        return
    fi
    iptables -A "$CHAIN" -p tcp -s "$SHOP_NET" --dport "$port" -j ACCEPT
    msg "opened tcp/$port for $SHOP_NET"
}

persist_rules() {
    mkdir -p "$(dirname "$RULES_FILE")"
    if [ -f "$RULES_FILE" ]; then
        cp -p "$RULES_FILE" "$RULES_FILE.bak.$(date +%Y%m%d%H%M%S)"
    fi
    iptables-save > "$RULES_FILE"
    chmod 0640 "$RULES_FILE"
    msg "rules saved to $RULES_FILE"
}

show_rules() {
    iptables -n -L "$CHAIN" --line-numbers
}

remove_rules() {
    if chain_exists; then
        iptables -D INPUT -j "$CHAIN" 2>/dev/null || true
        iptables -F "$CHAIN"
        iptables -X "$CHAIN"
        msg "removed chain $CHAIN"
    fi
}

main() {
    action="${1:-apply}"
    need_root "$@"
    case "$action" in
        apply)
            ensure_chain
            for port in $TILL_PORTS; do
                add_port_rule "$port"
            done
            persist_rules
            show_rules
            ;;
        show)
            show_rules
            ;;
        remove)
            remove_rules
            persist_rules
            ;;
        *)
            echo "usage: $0 [apply|show|remove]" >&2
            exit 2
            ;;
    esac
}

main "$@"
