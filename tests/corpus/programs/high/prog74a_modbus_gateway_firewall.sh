#!/usr/bin/env bash
# modbus_gateway_firewall.sh
#
# Restricts Modbus/TCP (502) and the gateway's OPC UA port (4840) on the
# cell gateway to the SCADA and engineering subnets listed in
# allowed_subnets.txt. Rules live in their own MODBUS-GW chain so a reload
# never touches whatever else the OS image ships.
#
#   ./modbus_gateway_firewall.sh [--apply|--show] [-f allowed_subnets.txt] [-i eth1]
#
set -o errexit -o nounset -o pipefail

ACTION="apply"
SUBNETS_FILE="allowed_subnets.txt"
OT_IFACE="eth1"
CHAIN="MODBUS-GW"
PORTS=(502 4840)
STATE_DIR="./fw-state"

while (($#)); do
    case "$1" in
        --apply) ACTION="apply" ;;
        --show)  ACTION="show" ;;
        -f)      SUBNETS_FILE="$2"; shift ;;
        -i)      OT_IFACE="$2"; shift ;;
        *)       echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

elevate() {
    if [[ $(id -u) -eq 0 ]]; then
        "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        sudo "$@"
    fi
}

read_subnets() {
    local line
    while read -r line; do
        line="${line%%#*}"
        line="${line//[[:space:]]/}"
        [[ -n "$line" ]] || continue
        if [[ ! "$line" =~ ^[0-9]{1,3}(\.[0-9]{1,3}){3}/[0-9]{1,2}$ ]]; then
            echo "skipping malformed subnet '$line'" >&2
            continue
        fi
        echo "$line"
    done < "$SUBNETS_FILE"
}

render_ruleset() {
    local subnet port
    echo "*filter"
    echo ":$CHAIN - [0:0]"
    echo "-F $CHAIN"
    for port in "${PORTS[@]}"; do
        for subnet in "${SUBNETS[@]}"; do
            echo "-A $CHAIN -i $OT_IFACE -p tcp -s $subnet --dport $port -j ACCEPT"
        done
        echo "-A $CHAIN -p tcp --dport $port -j LOG --log-prefix \"modbus-gw drop: \""
        echo "-A $CHAIN -p tcp --dport $port -j DROP"
    done
    echo "-A $CHAIN -j RETURN"
    echo "COMMIT"
}

hook_chain() {
    if ! elevate iptables -C INPUT -j "$CHAIN" 2>/dev/null; then
        elevate iptables -I INPUT 1 -j "$CHAIN"
        echo "hooked $CHAIN into INPUT"
    fi
}

mapfile -t SUBNETS < <(read_subnets)
if ((${#SUBNETS[@]} == 0)); then
    echo "no valid subnets in $SUBNETS_FILE, refusing to lock out the gateway" >&2
    exit 1
fi

mkdir -p "$STATE_DIR"
ruleset="$STATE_DIR/modbus-gw.rules"
render_ruleset > "$ruleset"

case "$ACTION" in
    show)
        cat "$ruleset"
        ;;
    apply)
        elevate iptables-save > "$STATE_DIR/before-$(date +%Y%m%d%H%M%S).rules"
        elevate iptables-restore --noflush < "$ruleset"
        hook_chain
        elevate iptables -L "$CHAIN" -n -v --line-numbers
        ;;
esac
