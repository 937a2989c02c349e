#!/usr/bin/env bash
# Bridges the conveyor PLC VLAN to the SCADA server for the crusher upgrade.
# The gateway PC has two NICs: plant (PLC VLAN) and office. SCADA on the
# office side needs to reach Modbus/TCP and OPC UA on the PLCs through it.
#
# Usage: plc_vlan_bridge.sh up|down|status [-c bridge.conf]

set -euo pipefail

ACTION="${1:-status}"; shift || true
CONF="./bridge.conf"
while getopts "c:" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        *) exit 1 ;;
    esac
done

# defaults, overridable in bridge.conf
PLANT_IF="enp2s0"
OFFICE_IF="enp3s0"
SCADA_HOST="198.51.100.20"
PLC_NET="192.168.50.0/24"
PORTS="502 4840 44818"
[ -f "$CONF" ] && . "$CONF"

AS_ROOT=""
[ "$(id -u)" -eq 0 ] || AS_ROOT="sudo -n"
FW="$AS_ROOT iptables"
KNOB="$AS_ROOT sysctl"

log() { echo "[bridge] $*"; }

rule_specs() {
    # one forward rule per port, SCADA -> PLC only
    for p in $PORTS; do
        echo "FORWARD -i $OFFICE_IF -o $PLANT_IF -s $SCADA_HOST -d $PLC_NET -p tcp --dport $p -j ACCEPT"
    done
    echo "FORWARD -i $PLANT_IF -o $OFFICE_IF -m state --state ESTABLISHED,RELATED -j ACCEPT"
}

bridge_up() {
    $KNOB -w net.ipv4.ip_forward=1 >/dev/null
    while read -r spec; do
        # shellcheck disable=SC2086
        $FW -C $spec 2>/dev/null || $FW -A $spec
    done < <(rule_specs)
    $FW -t nat -C POSTROUTING -o "$PLANT_IF" -s "$SCADA_HOST" -j MASQUERADE 2>/dev/null \
        || $FW -t nat -A POSTROUTING -o "$PLANT_IF" -s "$SCADA_HOST" -j MASQUERADE
    log "bridge up: $SCADA_HOST -> $PLC_NET ports $PORTS"
}

bridge_down() {
    while read -r spec; do
        # shellcheck disable=SC2086
        $FW -D $spec 2>/dev/null || true
    done < <(rule_specs)
    $FW -t nat -D POSTROUTING -o "$PLANT_IF" -s "$SCADA_HOST" -j MASQUERADE 2>/dev/null || true
    $KNOB -w net.ipv4.ip_forward=0 >/dev/null
    log "bridge down"
}

bridge_status() {
    log "ip_forward = $(cat /proc/sys/net/ipv4/ip_forward)"
    $FW -S FORWARD | grep -E "$SCADA_HOST|ESTABLISHED" || log "no forward rules"
    $FW -t nat -S POSTROUTING | grep "$SCADA_HOST" || log "no nat rule"
}

check_ifaces() {
    for i in "$PLANT_IF" "$OFFICE_IF"; do
        ip link show "$i" >/dev/null 2>&1 || { log "interface $i missing"; exit 1; }
    done
}

case "$ACTION" in
    up) check_ifaces; bridge_up ;;
    down) bridge_down ;;
    status) bridge_status ;;
    *) echo "usage: $0 up|down|status [-c conf]" >&2; exit 1 ;;
esac
