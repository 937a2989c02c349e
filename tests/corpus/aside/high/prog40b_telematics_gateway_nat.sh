#!/usr/bin/env bash
# Depot edge router: forward the telematics ingest port from the yard LTE
# uplink to the collector VM on the internal network.  Idempotent: rules
# are only added when they are not present yet.
set -euo pipefail

WAN_IF="${WAN_IF:-wwan0}"
LAN_IF="${LAN_IF:-br-depot}"
COLLECTOR_IP="${COLLECTOR_IP:-10.42.0.20}"
PORTS=(5027/tcp 5027/udp 6001/tcp)   # Teltonika, Queclink-style ingest
COMMENT="telematics-fwd"

log() { logger -t gw-nat "$*"; echo "gw-nat: $*"; }

require_root() {
    if [ "$(id -u)" -ne 0 ]; then
        exec sudo --preserve-env=WAN_IF,LAN_IF,COLLECTOR_IP "$0" "$@"
    fi
}

rule_present() {
    local table="$1"; shift
    iptables -t "$table" -C "$@" 2>/dev/null
}

add_rule() {
    local table="$1"; shift
    if rule_present "$table" "$@"; then
        log "exists: -t $table $*"
    else
        iptables -t "$table" -A "$@"
        log "added: -t $table $*"
    fi
}

require_root "$@"

ip link show "$WAN_IF" >/dev/null 2>&1 || { log "no interface $WAN_IF"; exit 1; }
ip link show "$LAN_IF" >/dev/null 2>&1 || { log "no interface $LAN_IF"; exit 1; }

current=$(sysctl -n net.ipv4.ip_forward)
if [ "$current" != "1" ]; then
    sysctl -w net.ipv4.ip_forward=1
    log "enabled IPv4 forwarding"
fi

for spec in "${PORTS[@]}"; do
    port="${spec%/*}"
    proto="${spec#*/}"
    add_rule nat PREROUTING -i "$WAN_IF" -p "$proto" --dport "$port" \
        -m comment --comment "$COMMENT" \
        -j DNAT --to-destination "$COLLECTOR_IP:$port"
    add_rule filter FORWARD -i "$WAN_IF" -o "$LAN_IF" -p "$proto" -d "$COLLECTOR_IP" \
        --dport "$port" -m conntrack --ctstate NEW \
        -m comment --comment "$COMMENT" -j ACCEPT
done

add_rule filter FORWARD -m conntrack --ctstate ESTABLISHED,RELATED \
    -m comment --comment "$COMMENT" -j ACCEPT
add_rule nat POSTROUTING -o "$LAN_IF" -d "$COLLECTOR_IP" \
    -m comment --comment "$COMMENT" -j MASQUERADE

log "forwarding ${#PORTS[@]} ingest ports from $WAN_IF to $COLLECTOR_IP"
iptables -t nat -S PREROUTING | grep -c "$COMMENT" | xargs -I{} echo "gw-nat: {} DNAT rules active"
