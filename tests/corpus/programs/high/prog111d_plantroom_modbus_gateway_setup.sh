#!/usr/bin/env bash
# plantroom_modbus_gateway_setup.sh
#
# Sets up the plant-room Raspberry Pi as a Modbus/TCP gateway so the
# building management system (BMS) on the office LAN can poll the pool
# dosing controllers and the filter pump VSDs on the isolated plant VLAN.
#
# The Pi has two NICs: eth0 on the BMS LAN, eth1 on the plant VLAN.
# Each controller gets a port on eth0 that is DNAT'ed to 502 on the VLAN.
#
#   ./plantroom_modbus_gateway_setup.sh gateway.conf          apply
#   ./plantroom_modbus_gateway_setup.sh gateway.conf --check  show only
set -euo pipefail

CONF="${1:-gateway.conf}"
MODE="${2:-apply}"
LAN_IF="${LAN_IF:-eth0}"
PLANT_IF="${PLANT_IF:-eth1}"
BMS_NET="${BMS_NET:-10.20.0.0/24}"
COMMENT="poolplant-modbus"

log() { printf '%s %s\n' "$(date +%T)" "$*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@" 2>/dev/null || sudo "$@"; fi
}

ipt() { as_root iptables "$@"; }

ensure_rule() {
    # add the rule only if an identical one is not already there
    local table="$1"; shift
    local chain="$1"; shift
    if ipt -t "$table" -C "$chain" "$@" 2>/dev/null; then
        log "  present: $table/$chain $*"
    elif [ "$MODE" = "--check" ]; then
        log "  MISSING: $table/$chain $*"
    else
        ipt -t "$table" -A "$chain" "$@"
        log "  added:   $table/$chain $*"
    fi
}

read_conf() {
    # format: name  listen_port  controller_ip
    #   main_pool_dosing  1502  192.168.50.11
    grep -Ev '^\s*(#|$)' "$CONF"
}

enable_forwarding() {
    local cur
    cur="$(cat /proc/sys/net/ipv4/ip_forward)"
    if [ "$cur" != "1" ]; then
        if [ "$MODE" = "--check" ]; then
            log "ip_forward is off"
        else
            as_root sysctl -q -w net.ipv4.ip_forward=1
            log "ip_forward enabled"
        fi
    fi
}

main() {
    [ -r "$CONF" ] || { echo "cannot read $CONF" >&2; exit 1; }
    command -v iptables >/dev/null || { echo "iptables not installed" >&2; exit 1; }
    ip link show "$PLANT_IF" >/dev/null 2>&1 || { echo "no interface $PLANT_IF" >&2; exit 1; }

    enable_forwarding

    local name port ip n=0
    while read -r name port ip; do
        log "$name: $LAN_IF:$port -> $ip:502"
        ensure_rule nat PREROUTING -i "$LAN_IF" -s "$BMS_NET" -p tcp --dport "$port" \
            -j DNAT --to-destination "$ip:502" -m comment --comment "$COMMENT:$name"
        ensure_rule filter FORWARD -i "$LAN_IF" -o "$PLANT_IF" -s "$BMS_NET" -d "$ip" \
            -p tcp --dport 502 -m conntrack --ctstate NEW -j ACCEPT \
            -m comment --comment "$COMMENT:$name"
        n=$((n + 1))
    done < <(read_conf)

    ensure_rule filter FORWARD -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT \
        -m comment --comment "$COMMENT:return"
    ensure_rule nat POSTROUTING -o "$PLANT_IF" -s "$BMS_NET" -j MASQUERADE \
        -m comment --comment "$COMMENT:snat"

    if [ "$MODE" != "--check" ] && command -v netfilter-persistent >/dev/null; then
        as_root netfilter-persistent save >/dev/null
        log "rules saved"
    fi
    log "$n controller(s) configured"
}

main
