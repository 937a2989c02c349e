#!/usr/bin/env bash
# modbus-gateway.sh - expose the climate controllers' Modbus/TCP ports on the
# office LAN through the greenhouse gateway box.
#
# The climate controllers sit on an isolated 10.40.0.0/24 segment behind the
# gateway. The SCADA PC in the office polls them through the gateway on
# ports 15020+N, which this script maps to 10.40.0.N:502.
#
#   modbus-gateway.sh up|down|status [-f controllers.txt] [-i LAN_IF]

set -euo pipefail

ACTION="${1:-status}"
shift || true
CONTROLLERS_FILE="controllers.txt"
LAN_IF="eth0"
CTRL_IF="eth1"
BASE_PORT=15020
CHAIN="GREENHOUSE_MODBUS"

say() { echo "modbus-gateway: $*"; }
die() { say "error: $*" >&2; exit 1; }

while getopts ":f:i:c:" opt; do
    case "$opt" in
        f) CONTROLLERS_FILE="$OPTARG" ;;
        i) LAN_IF="$OPTARG" ;;
        c) CTRL_IF="$OPTARG" ;;
        *) die "bad option -$OPTARG" ;;
    esac
done

IPT="sudo iptables -w"

controllers() {
    # file format: <name> <last-octet>
    grep -vE '^\s*(#|$)' "$CONTROLLERS_FILE"
}

chain_exists() {
    $IPT -t nat -nL "$CHAIN" >/dev/null 2>&1
}

up() {
    [ -r "$CONTROLLERS_FILE" ] || die "cannot read $CONTROLLERS_FILE"
    say "enabling IPv4 forwarding"
    sudo sysctl -q -w net.ipv4.ip_forward=1

    chain_exists || $IPT -t nat -N "$CHAIN"
    $IPT -t nat -F "$CHAIN"
    $IPT -t nat -C PREROUTING -i "$LAN_IF" -j "$CHAIN" 2>/dev/null \
        || $IPT -t nat -A PREROUTING -i "$LAN_IF" -j "$CHAIN"

    while read -r name octet; do
        port=$((BASE_PORT + octet))
        target="10.40.0.${octet}"
        $IPT -t nat -A "$CHAIN" -p tcp --dport "$port" -j DNAT --to-destination "${target}:502"
        $IPT -C FORWARD -i "$LAN_IF" -o "$CTRL_IF" -p tcp -d "$target" --dport 502 -j ACCEPT 2>/dev/null \
            || $IPT -A FORWARD -i "$LAN_IF" -o "$CTRL_IF" -p tcp -d "$target" --dport 502 -j ACCEPT
        say "mapped ${name}: :${port} -> ${target}:502"
    done < <(controllers)

    $IPT -t nat -C POSTROUTING -o "$CTRL_IF" -j MASQUERADE 2>/dev/null \
        || $IPT -t nat -A POSTROUTING -o "$CTRL_IF" -j MASQUERADE
}

down() {
    if chain_exists; then
        $IPT -t nat -D PREROUTING -i "$LAN_IF" -j "$CHAIN" 2>/dev/null || true
        $IPT -t nat -F "$CHAIN"
        $IPT -t nat -X "$CHAIN"
        say "removed $CHAIN"
    else
        say "nothing to remove"
    fi
}

status() {
    say "ip_forward = $(cat /proc/sys/net/ipv4/ip_forward)"
    if chain_exists; then
        $IPT -t nat -nL "$CHAIN" --line-numbers
    else
        say "gateway mappings are not active"
    fi
}

case "$ACTION" in
    up) up ;;
    down) down ;;
    status) status ;;
    *) die "usage: $0 up|down|status [-f file] [-i lan_if] [-c ctrl_if]" ;;
esac
