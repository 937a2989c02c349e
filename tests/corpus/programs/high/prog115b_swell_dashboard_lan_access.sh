#!/bin/sh
# Let the instructors' tablets reach the swell alert dashboard running on the
# office mini-PC. Opens the dashboard port to the shop Wi-Fi subnet only and
# saves the rule set so it survives a reboot.
#
#   swell_dashboard_lan_access.sh [open|close|status]
set -eu

PORT="${DASH_PORT:-8050}"
LAN_CIDR="${LAN_CIDR:-192.168.20.0/24}"
CHAIN=INPUT
COMMENT="swell-dashboard"
RULES_FILE=/etc/iptables/rules.v4
ACTION="${1:-open}"

log() { logger -t swell-dash "$*" 2>/dev/null || true; echo "$*"; }

detect_lan() {
    # Prefer the subnet of the interface that holds the default route.
    iface=$(ip route show default 2>/dev/null | awk '{print $5; exit}')
    if [ -n "$iface" ]; then
        found=$(ip -4 -o addr show dev "$iface" | awk '{print $4; exit}')
        if [ -n "$found" ]; then
            net=$(python3 -c 'import ipaddress,sys; print(ipaddress.ip_interface(sys.argv[1]).network)' "$found")
            [ -n "$net" ] && LAN_CIDR="$net"
        fi
    fi
}

ipt() {
    sudo iptables "$@"
}

rule_args() {
    echo "-p tcp -s $LAN_CIDR --dport $PORT -m conntrack --ctstate NEW -m comment --comment $COMMENT -j ACCEPT"
}

have_rule() {
    # shellcheck disable=SC2046
    ipt -C "$CHAIN" $(rule_args) 2>/dev/null
}

persist() {
    sudo mkdir -p "$(dirname "$RULES_FILE")"
    sudo sh -c "iptables-save > '$RULES_FILE'"
    log "saved rules to $RULES_FILE"
}

case "$ACTION" in
    open)
        [ -n "${LAN_CIDR_FIXED:-}" ] || detect_lan
        if have_rule; then
            log "port $PORT already open for $LAN_CIDR"
        else
            # shellcheck disable=SC2046
            ipt -I "$CHAIN" 1 $(rule_args)
            log "opened tcp/$PORT for $LAN_CIDR"
        fi
        persist
        ;;
    close)
        [ -n "${LAN_CIDR_FIXED:-}" ] || detect_lan
        while have_rule; do
            # shellcheck disable=SC2046
            ipt -D "$CHAIN" $(rule_args)
        done
        log "closed tcp/$PORT"
        persist
        ;;
    status)
        ipt -L "$CHAIN" -n --line-numbers | grep -E "dpt:$PORT|$COMMENT" || echo "no rule for port $PORT"
        ;;
    *)
        echo "usage: $0 [open|close|status]" >&2
        exit 2
        ;;
esac
