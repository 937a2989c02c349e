#!/usr/bin/env bash
# Walled-garden gate for the hotspot VLAN.
#
# Unauthenticated guests on $GUEST_IF have their HTTP redirected to the
# splash portal; MACs that the portal writes to the authorization queue are
# added to an ipset with a timeout and bypass the redirect.
#
#   walled_garden_gate.sh setup      install chain, rules and ipset
#   walled_garden_gate.sh drain      consume spool/authorized.queue
#   walled_garden_gate.sh status
set -euo pipefail

GUEST_IF=${GUEST_IF:-vlan210}
PORTAL_IP=${PORTAL_IP:-10.210.0.2}
PORTAL_PORT=${PORTAL_PORT:-8080}
SET_NAME=${SET_NAME:-hotspot_ok}
QUEUE=${QUEUE:-spool/authorized.queue}
CHAIN=HOTSPOT_GATE

SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"

say() { echo "[gate] $*"; }

ipt() {
    # add a rule only if an identical one is not already present
    local table=$1; shift
    local chain=$1; shift
    $SUDO iptables -t "$table" -C "$chain" "$@" 2>/dev/null \
        || $SUDO iptables -t "$table" -A "$chain" "$@"
}

setup() {
    say "enabling forwarding and creating set $SET_NAME"
    $SUDO sysctl -q -w net.ipv4.ip_forward=1
    $SUDO ipset create "$SET_NAME" hash:mac timeout 3600 -exist

    $SUDO iptables -t nat -N "$CHAIN" 2>/dev/null || true
    ipt nat "$CHAIN" -m set --match-set "$SET_NAME" src -j RETURN
    ipt nat "$CHAIN" -d "$PORTAL_IP" -j RETURN
    ipt nat "$CHAIN" -p udp --dport 53 -j RETURN
    ipt nat "$CHAIN" -p tcp --dport 80 -j DNAT --to-destination "$PORTAL_IP:$PORTAL_PORT"
    ipt nat PREROUTING -i "$GUEST_IF" -j "$CHAIN"

    # block everything else from unauthenticated guests except DNS and portal
    ipt filter FORWARD -i "$GUEST_IF" -m set --match-set "$SET_NAME" src -j ACCEPT
    ipt filter FORWARD -i "$GUEST_IF" -p udp --dport 53 -j ACCEPT
    ipt filter FORWARD -i "$GUEST_IF" -d "$PORTAL_IP" -j ACCEPT
    ipt filter FORWARD -i "$GUEST_IF" -j REJECT
    say "gate installed on $GUEST_IF"
}

drain() {
    [[ -s $QUEUE ]] || { say "queue empty"; return 0; }
    local work="$QUEUE.processing" mac minutes n=0
    mv "$QUEUE" "$work"
    while IFS= read -r line; do
        mac=$(printf '%s' "$line" | sed -n 's/.*"mac": *"\([0-9a-f:]\{17\}\)".*/\1/p')
        minutes=$(printf '%s' "$line" | sed -n 's/.*"minutes": *\([0-9]\+\).*/\1/p')
        [[ -n $mac && -n $minutes ]] || { say "skipping malformed entry"; continue; }
        $SUDO ipset add "$SET_NAME" "$mac" timeout $((minutes * 60)) -exist
        n=$((n + 1))
    done < "$work"
    rm -f "$work"
    say "authorized $n client(s)"
}

status() {
    $SUDO ipset list "$SET_NAME" | sed -n '1,/Members:/!p' | head -n 50
    $SUDO iptables -t nat -L "$CHAIN" -n -v --line-numbers
}

case ${1:-} in
    setup)  setup ;;
    drain)  drain ;;
    status) status ;;
    *) echo "usage: $0 {setup|drain|status}" >&2; exit 2 ;;
esac
