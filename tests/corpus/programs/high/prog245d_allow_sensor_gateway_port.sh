#!/usr/bin/env bash
# allow_sensor_gateway_port.sh - open the fridge sensor gateway port to the
# monitoring subnet only.
#
# The fridge sensor gateway listens on TCP 8883 (MQTT over TLS). The
# central monitoring collectors live in 192.0.2.0/24; everything else
# stays blocked by the default policy. The script is idempotent: it
# checks for each rule with -C before inserting it.
#
# Usage: ./allow_sensor_gateway_port.sh [-p port] [-s source_cidr] [--remove]

set -euo pipefail

PORT=8883
SOURCE_CIDR="192.0.2.0/24"
CHAIN="INPUT"
COMMENT="fridge-sensor-gateway"
ACTION="add"

log() { logger -t allow_sensor_gateway_port -- "$*" 2>/dev/null || true; echo "$*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -p) PORT="$2"; shift 2 ;;
        -s) SOURCE_CIDR="$2"; shift 2 ;;
        --remove) ACTION="remove"; shift ;;
        -h|--help)
            echo "usage: $0 [-p port] [-s source_cidr] [--remove]"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

if ! [[ "$PORT" =~ ^[0-9]+$ ]] || (( PORT < 1 || PORT > 65535 )); then
    echo "invalid port: $PORT" >&2
    exit 2
fi
if ! [[ "$SOURCE_CIDR" =~ ^[0-9.]+/[0-9]+$ ]]; then
    echo "invalid source CIDR: $SOURCE_CIDR" >&2
    exit 2
fi

if [[ $EUID -ne 0 ]]; then
    echo "must run as root (iptables changes)" >&2
    exit 1
fi

rule_args=(-p tcp -s "$SOURCE_CIDR" --dport "$PORT"
           -m conntrack --ctstate NEW,ESTABLISHED
           -m comment --comment "$COMMENT" -j ACCEPT)

rule_present() {
    iptables -C "$CHAIN" "${rule_args[@]}" 2>/dev/null
}

add_rule() {
    if rule_present; then
        log "rule for $SOURCE_CIDR -> tcp/$PORT already present"
        return 0
    fi
    iptables -I "$CHAIN" 1 "${rule_args[@]}"
    log "inserted ACCEPT rule for $SOURCE_CIDR -> tcp/$PORT"
}

remove_rule() {
    local removed=0
    while rule_present; do
        iptables -D "$CHAIN" "${rule_args[@]}"
        removed=$((removed + 1))
    done
    log "removed $removed matching rule(s)"
}

persist_hint() {
    # Persistence is handled by the config-management run that snapshots
    # the live ruleset each night; just remind the operator.
    log "live ruleset updated; the nightly config run will persist it"
}

case "$ACTION" in
    add) add_rule ;;
    remove) remove_rule ;;
esac

persist_hint

log "current $CHAIN rules mentioning $COMMENT:"
iptables -S "$CHAIN" | grep -- "$COMMENT" || echo "  (none)"
