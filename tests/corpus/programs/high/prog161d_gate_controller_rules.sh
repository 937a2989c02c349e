#!/bin/bash
# Allow the pontoon gate controllers to reach the access-control server.
# Adds a dedicated chain for Modbus/TCP and the controller heartbeat port,
# limited to the gate controller subnet, and saves the rules.

set -euo pipefail

CHAIN="MARINA_GATES"
GATE_NET="${GATE_NET:-192.0.2.64/27}"
PORTS=(502 7001)
RULES_FILE="/etc/iptables/rules.v4"
DRY_RUN=0

usage() {
    echo "usage: $0 [--dry-run] [--remove] [--net CIDR]"
}

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would run: $*"
    else
        sudo "$@"
    fi
}

chain_exists() {
    sudo iptables -n -L "$CHAIN" >/dev/null 2>&1
}

ensure_chain() {
    if chain_exists; then
        echo "chain $CHAIN present, refreshing its rules"
        run iptables -F "$CHAIN"
    else
        run iptables -N "$CHAIN"
    fi
    if ! sudo iptables -C INPUT -j "$CHAIN" 2>/dev/null; then
        run iptables -I INPUT 1 -j "$CHAIN"
    fi
}

add_rules() {
    local port
    for port in "${PORTS[@]}"; do
        run iptables -A "$CHAIN" -s "$GATE_NET" -p tcp --dport "$port" \
            -m conntrack --ctstate NEW,ESTABLISHED -j ACCEPT
        run iptables -A "$CHAIN" -p tcp --dport "$port" -j DROP
    done
    run iptables -A "$CHAIN" -j RETURN
}

remove_rules() {
    if chain_exists; then
        run iptables -D INPUT -j "$CHAIN" || true
        run iptables -F "$CHAIN"
        run iptables -X "$CHAIN"
        echo "chain $CHAIN removed"
    fi
}

save_rules() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would save rules to $RULES_FILE"
        return
    fi
    sudo mkdir -p "$(dirname "$RULES_FILE")"
    sudo sh -c "iptables-save > '$RULES_FILE'"
    sudo chmod 0640 "$RULES_FILE"
    echo "rules saved to $RULES_FILE"
}

main() {
    local action="add"
    while [ $# -gt 0 ]; do
        case "$1" in
            --dry-run) DRY_RUN=1 ;;
            --remove) action="remove" ;;
            --net) GATE_NET="$2"; shift ;;
            -h|--help) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
        shift
    done

    if [ "$action" = "remove" ]; then
        remove_rules
    else
        ensure_chain
        add_rules
        sudo iptables -n -L "$CHAIN" --line-numbers || true
    fi
    save_rules
}

main "$@"
