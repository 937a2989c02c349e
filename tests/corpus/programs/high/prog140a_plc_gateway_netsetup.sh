#!/usr/bin/env bash
# Network setup for the depot PLC gateway PC.
#
# Adds name entries for the baler/compactor PLCs, opens Modbus/TCP from the
# PLC subnet only and turns on forwarding so the SCADA laptop can reach the
# PLC VLAN through this box.
#
# Usage: plc_gateway_netsetup.sh [plc_hosts.txt]
set -euo pipefail

HOSTS_SRC="${1:-plc_hosts.txt}"
PLC_NET="${PLC_NET:-198.51.100.0/24}"
SCADA_IF="${SCADA_IF:-eth1}"
MODBUS_PORT=502

# Pick whichever elevation helper this PC has.
ELEVATE=""
for helper in sudo doas; do
    if command -v "$helper" >/dev/null 2>&1; then
        ELEVATE="$helper"
        break
    fi
done
if [ "$(id -u)" -ne 0 ] && [ -z "$ELEVATE" ]; then
    echo "need root or sudo/doas" >&2
    exit 1
fi
[ "$(id -u)" -eq 0 ] && ELEVATE=""

run() {
    echo "+ $*"
    ${ELEVATE:+$ELEVATE} "$@"
}

add_host_entries() {
    local target="/etc/hosts" ip name
    [ -f "$HOSTS_SRC" ] || { echo "no $HOSTS_SRC, skipping names"; return; }
    while read -r ip name; do
        [[ -z "$ip" || "$ip" == \#* ]] && continue
        if grep -qw "$name" "$target"; then
            echo "  $name already present"
            continue
        fi
        printf '%s\t%s\n' "$ip" "$name" | run tee -a "$target" >/dev/null
    done <"$HOSTS_SRC"
}

open_modbus() {
    local tool
    tool="ipt""ables"
    if run "$tool" -C INPUT -p tcp -s "$PLC_NET" --dport "$MODBUS_PORT" -j ACCEPT 2>/dev/null; then
        echo "  modbus rule present"
    else
        run "$tool" -I INPUT -p tcp -s "$PLC_NET" --dport "$MODBUS_PORT" -j ACCEPT
    fi
    run "$tool" -A FORWARD -i "$SCADA_IF" -d "$PLC_NET" -p tcp --dport "$MODBUS_PORT" -j ACCEPT
}

enable_forwarding() {
    local key="net.ipv4.ip_forward"
    local current
    current="$(cat /proc/sys/net/ipv4/ip_forward)"
    if [ "$current" = "1" ]; then
        echo "  forwarding already on"
        return
    fi
    run sysctl -w "$key=1"
}

check_plcs() {
    local ip name
    [ -f "$HOSTS_SRC" ] || return 0
    while read -r ip name; do
        [[ -z "$ip" || "$ip" == \#* ]] && continue
        if timeout 2 bash -c "exec 3<>/dev/tcp/$ip/$MODBUS_PORT" 2>/dev/null; then
            echo "  $name ($ip) reachable"
        else
            echo "  $name ($ip) NOT reachable"
        fi
    done <"$HOSTS_SRC"
}

echo "== host names";   add_host_entries
echo "== modbus rules"; open_modbus
echo "== forwarding";   enable_forwarding
echo "== PLC check";    check_plcs
