#!/bin/sh
# Open the host firewall for the exchange's market-data multicast groups
# (A/B line arbitration) on the dedicated feed NIC, and add the group routes.
# Reads groups from feeds.conf: "<name> <group> <port>" per line.

set -eu

FEEDS_CONF="${1:-./feeds.conf}"
FEED_IF="${FEED_IF:-ens1f0}"
CHAIN="MDFEED"

say() { printf '[mcast] %s\n' "$*"; }

[ -r "$FEEDS_CONF" ] || { say "cannot read $FEEDS_CONF"; exit 1; }
ip link show "$FEED_IF" >/dev/null 2>&1 || { say "no interface $FEED_IF"; exit 1; }

ensure_chain() {
    if ! sudo iptables -n -L "$CHAIN" >/dev/null 2>&1; then
        sudo iptables -N "$CHAIN"
        say "created chain $CHAIN"
    fi
    if ! sudo iptables -C INPUT -i "$FEED_IF" -j "$CHAIN" 2>/dev/null; then
        sudo iptables -I INPUT 1 -i "$FEED_IF" -j "$CHAIN"
    fi
}

allow_group() {
    name="$1"; group="$2"; port="$3"
    if sudo iptables -C "$CHAIN" -p udp -d "$group" --dport "$port" -j ACCEPT 2>/dev/null; then
        say "$name already allowed ($group:$port)"
        return 0
    fi
    sudo iptables -A "$CHAIN" -p udp -d "$group" --dport "$port" \
        -m comment --comment "md-$name" -j ACCEPT
    say "allowed $name $group:$port on $FEED_IF"
}

add_route() {
    group="$1"
    if ip route show "$group" | grep -q "$FEED_IF"; then
        return 0
    fi
    sudo ip route add "$group/32" dev "$FEED_IF"
}

ensure_chain
# keep the catch-all drop as the last rule of the chain
sudo iptables -D "$CHAIN" -j DROP 2>/dev/null || true
count=0
while read -r name group port; do
    case "$name" in
        ''|'#'*) continue ;;
    esac
    case "$group" in
        22[4-9].*|23[0-9].*) ;;
        *) say "skipping $name: $group is not a multicast address"; continue ;;
    esac
    allow_group "$name" "$group" "$port"
    add_route "$group"
    count=$((count + 1))
done < "$FEEDS_CONF"

# anything else arriving on the feed NIC is dropped at the end of our chain
sudo iptables -A "$CHAIN" -j DROP

say "$count feed groups configured"
sudo iptables -n -L "$CHAIN" --line-numbers
