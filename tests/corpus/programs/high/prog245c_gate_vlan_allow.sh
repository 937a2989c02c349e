#!/usr/bin/env bash
# gate_vlan_allow.sh - allow the ticket readers' VLAN through to the gate
# controller's validation port after a controller rebuild.
#
# A freshly imaged controller only accepts SSH; the readers on the gate VLAN
# need TCP 8443 (validation) and UDP 5140 (reader heartbeat). This adds
# exactly those accept rules, once, and shows the resulting chain.

set -euo pipefail

READER_NET="${READER_NET:-192.0.2.0/24}"
IFACE="${GATE_IFACE:-eth1}"
TCP_PORT=8443
UDP_PORT=5140
COMMENT="ferry-gate-readers"
LOG_FILE="./gate-vlan-allow.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    echo "Usage: $0 [-n reader_cidr] [-i iface] [-s]"
    echo "  -n  reader network (default $READER_NET)"
    echo "  -i  interface facing the gate VLAN (default $IFACE)"
    echo "  -s  show current rules only"
}

SHOW_ONLY=0
while getopts ":n:i:sh" opt; do
    case "$opt" in
        n) READER_NET="$OPTARG" ;;
        i) IFACE="$OPTARG" ;;
        s) SHOW_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if ! [[ "$READER_NET" =~ ^[0-9]{1,3}(\.[0-9]{1,3}){3}/[0-9]{1,2}$ ]]; then
    log "ERROR: '$READER_NET' is not a CIDR network"
    exit 2
fi

show_rules() {
    sudo iptables -S INPUT | grep -F "$COMMENT" || echo "(no reader rules)"
}

ensure_rule() {
    local proto="$1" port="$2"
    local spec=(-i "$IFACE" -s "$READER_NET" -p "$proto" --dport "$port"
                -m comment --comment "$COMMENT" -j ACCEPT)
    if sudo iptables -C INPUT "${spec[@]}" 2>/dev/null; then
        log "rule for $proto/$port from $READER_NET already present"
    else
        sudo iptables -I INPUT 1 "${spec[@]}"
        log "added accept rule for $proto/$port from $READER_NET on $IFACE"
    fi
}

main() {
    if [[ "$SHOW_ONLY" -eq 1 ]]; then
        show_rules
        exit 0
    fi
    if ! ip link show "$IFACE" >/dev/null 2>&1; then
        log "ERROR: interface $IFACE not found"
        exit 1
    fi
    ensure_rule tcp "$TCP_PORT"
    ensure_rule udp "$UDP_PORT"
    log "current reader rules:"
    show_rules | tee -a "$LOG_FILE"
}

main
