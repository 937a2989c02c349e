#!/bin/sh
# Network setup for the PLC gateway box between the office LAN and the
# dosing rack VLAN. Exposes the Modbus/TCP port of the master PLC on the
# office side so the SCADA workstation can reach it, and enables routing.
#
# usage: plc_gateway_netcfg.sh [apply|show|revert]

set -eu

OFFICE_IF="${OFFICE_IF:-eth0}"
RACK_IF="${RACK_IF:-eth1}"
PLC_ADDR="${PLC_ADDR:-198.51.100.50}"
MODBUS_PORT="${MODBUS_PORT:-502}"
SCADA_NET="${SCADA_NET:-203.0.113.0/24}"

ACTION="${1:-show}"

if [ "$(id -u)" -ne 0 ]; then
    AS_ROOT="sudo -n"
else
    AS_ROOT=""
fi

FW="ip""tables"
KNOB="sys""ctl"
SVC="system""ctl"

msg() { echo "netcfg: $*"; }

run() {
    msg "+ $*"
    $AS_ROOT "$@"
}

enable_forwarding() {
    run $KNOB -w net.ipv4.ip_forward=1
    # persist across reboots
    echo "net.ipv4.ip_forward = 1" | run tee /etc/sysctl.d/60-plc-gateway.conf >/dev/null
}

add_rules() {
    run $FW -t nat -A PREROUTING -i "$OFFICE_IF" -p tcp -s "$SCADA_NET" \
        --dport "$MODBUS_PORT" -j DNAT --to-destination "$PLC_ADDR:$MODBUS_PORT"
    run $FW -A FORWARD -i "$OFFICE_IF" -o "$RACK_IF" -p tcp -s "$SCADA_NET" \
        -d "$PLC_ADDR" --dport "$MODBUS_PORT" -j ACCEPT
    run $FW -A FORWARD -i "$RACK_IF" -o "$OFFICE_IF" \
        -m state --state ESTABLISHED,RELATED -j ACCEPT
    run $FW -t nat -A POSTROUTING -o "$RACK_IF" -j MASQUERADE
}

del_rules() {
    run $FW -t nat -D PREROUTING -i "$OFFICE_IF" -p tcp -s "$SCADA_NET" \
        --dport "$MODBUS_PORT" -j DNAT --to-destination "$PLC_ADDR:$MODBUS_PORT" || true
    run $FW -D FORWARD -i "$OFFICE_IF" -o "$RACK_IF" -p tcp -s "$SCADA_NET" \
        -d "$PLC_ADDR" --dport "$MODBUS_PORT" -j ACCEPT || true
    run $FW -D FORWARD -i "$RACK_IF" -o "$OFFICE_IF" \
        -m state --state ESTABLISHED,RELATED -j ACCEPT || true
    run $FW -t nat -D POSTROUTING -o "$RACK_IF" -j MASQUERADE || true
}

save_rules() {
    if $SVC list-unit-files 2>/dev/null | grep -q netfilter-persistent; then
        run $SVC restart netfilter-persistent
    fi
}

show() {
    $AS_ROOT $FW -t nat -S PREROUTING 2>/dev/null | grep -- "--dport $MODBUS_PORT" || msg "no DNAT rule"
    $KNOB -n net.ipv4.ip_forward
}

case "$ACTION" in
    apply)  enable_forwarding; add_rules; save_rules; msg "gateway configured" ;;
    revert) del_rules; save_rules; msg "rules removed" ;;
    show)   show ;;
    *)      echo "usage: $0 [apply|show|revert]" >&2; exit 2 ;;
esac
