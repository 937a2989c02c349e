#!/bin/sh
# Open the ports the taproom tills and kitchen printers need on the
# back-office server, limited to the shop VLAN, and save the rules.
set -eu

SHOP_NET="${SHOP_NET:-192.0.2.0/24}"
OFFICE_NET="${OFFICE_NET:-198.51.100.0/24}"
RULES_FILE="/etc/iptables/rules.v4"
CHAIN="TAPROOM-IN"

TILL_PORTS="8443 9000"
PRINTER_PORTS="9100 631"

log() {
    echo "pos-firewall: $*"
}

require_root() {
    if [ "$(id -u)" -ne 0 ]; then
        log "re-running with sudo"
        exec sudo -E "$0" "$@"
    fi
}

ensure_chain() {
    if ! iptables -nL "$CHAIN" >/dev/null 2>&1; then
        log "creating chain $CHAIN"
        iptables -N "$CHAIN"
    fi
    if ! iptables -C INPUT -j "$CHAIN" >/dev/null 2>&1; then
        iptables -I INPUT 1 -j "$CHAIN"
    fi
}

allow_port() {
    src="$1"
    port="$2"
    if iptables -C "$CHAIN" -s "$src" -p tcp --dport "$port" -j ACCEPT 2>/dev/null; then
        log "already allowed $src -> $port"
    else
        log "allowing $src -> tcp/$port"
        iptables -A "$CHAIN" -s "$src" -p tcp --dport "$port" -j ACCEPT
    fi
}

apply_rules() {
    iptables -A "$CHAIN" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT 2>/dev/null || true
    for p in $TILL_PORTS; do
        allow_port "$SHOP_NET" "$p"
    done
    for p in $PRINTER_PORTS; do
        allow_port "$SHOP_NET" "$p"
        allow_port "$OFFICE_NET" "$p"
    done
    allow_port "$OFFICE_NET" 22
}

save_rules() {
    mkdir -p "$(dirname "$RULES_FILE")"
    if [ -f "$RULES_FILE" ]; then
        cp "$RULES_FILE" "$RULES_FILE.bak.$(date +%Y%m%d%H%M)"
    fi
    iptables-save > "$RULES_FILE"
    chmod 640 "$RULES_FILE"
    log "saved rules to $RULES_FILE"
}

require_root "$@"
ensure_chain
apply_rules
save_rules
iptables -nL "$CHAIN" --line-numbers
