#!/usr/bin/env bash
# modbus_bridge_netsetup.sh - expose the pen-network water-quality RTUs to the
# office SCADA through the feed-barge gateway.
#
# Each line of the RTU map (default ./rtus.map) is:
#     <public_port> <rtu_ip> [rtu_port]   # comment
# e.g.
#     1502 192.168.50.21 502   # pen 01 DO/temp
#     1503 192.168.50.22       # pen 02 DO/temp
#
# The script forwards <office_if>:<public_port> to <rtu_ip>:<rtu_port> and
# masquerades the replies out of the pen-network interface. Rules are tagged
# with a comment so --flush removes only what this script added.
#
# Usage: modbus_bridge_netsetup.sh [-m MAP] [-o OFFICE_IF] [-p PEN_IF] [--flush]
set -euo pipefail

MAP=./rtus.map
OFFICE_IF="${OFFICE_IF:-eth0}"
PEN_IF="${PEN_IF:-eth1}"
TAG="aqua-modbus-bridge"
FLUSH=0

while [ $# -gt 0 ]; do
    case "$1" in
        -m) MAP="$2"; shift 2 ;;
        -o) OFFICE_IF="$2"; shift 2 ;;
        -p) PEN_IF="$2"; shift 2 ;;
        --flush) FLUSH=1; shift ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 1 ;;
    esac
done

AS_ROOT=""
if [ "$(id -u)" -ne 0 ]; then
    AS_ROOT="sudo"
fi
ipt() { $AS_ROOT iptables -w 5 "$@"; }

log() { logger -t "$TAG" -- "$*" 2>/dev/null || true; echo "$*"; }

flush_rules() {
    local table chain
    for spec in "nat PREROUTING" "nat POSTROUTING" "filter FORWARD"; do
        read -r table chain <<<"$spec"
        # delete from the bottom so rule numbers stay valid
        ipt -t "$table" -L "$chain" --line-numbers -n \
            | awk -v tag="$TAG" '$0 ~ tag {print $1}' | sort -rn \
            | while read -r num; do ipt -t "$table" -D "$chain" "$num"; done
    done
    log "removed $TAG rules"
}

add_once() {
    local table="$1"; shift
    ipt -t "$table" -C "$@" 2>/dev/null || ipt -t "$table" -A "$@"
}

if [ "$FLUSH" -eq 1 ]; then
    flush_rules
    exit 0
fi

$AS_ROOT sysctl -q -w net.ipv4.ip_forward=1
add_once filter FORWARD -i "$PEN_IF" -o "$OFFICE_IF" -m state --state ESTABLISHED,RELATED \
    -m comment --comment "$TAG" -j ACCEPT
add_once nat POSTROUTING -o "$PEN_IF" -m comment --comment "$TAG" -j MASQUERADE

[ -r "$MAP" ] || { echo "RTU map $MAP not readable" >&2; exit 1; }

n=0
while read -r pub ip port _rest; do
    case "$pub" in ''|\#*) continue ;; esac
    port="${port:-502}"
    [[ "$port" =~ ^[0-9]+$ ]] || port=502
    add_once nat PREROUTING -i "$OFFICE_IF" -p tcp --dport "$pub" \
        -m comment --comment "$TAG" -j DNAT --to-destination "$ip:$port"
    add_once filter FORWARD -i "$OFFICE_IF" -o "$PEN_IF" -p tcp -d "$ip" --dport "$port" \
        -m comment --comment "$TAG" -j ACCEPT
    n=$((n + 1))
    log "forward $OFFICE_IF:$pub -> $ip:$port"
done < "$MAP"

log "$n RTU forwards active"
