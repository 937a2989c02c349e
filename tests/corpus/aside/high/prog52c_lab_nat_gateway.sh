#!/bin/sh
# Turn this box into a NAT gateway for the isolated test VLAN so the devices
# on it can reach the package mirror. Idempotent: rules are only added once.
set -eu

WAN_IF="${WAN_IF:-eth0}"
LAN_IF="${LAN_IF:-eth1}"
LAN_NET="${LAN_NET:-10.42.0.0/24}"
ALLOWED_PORTS="80 443 123"
COMMENT="testvlan-nat"

log() { echo "[nat] $*"; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi

have_rule() {
    # $1 = table, rest = rule spec
    tbl="$1"; shift
    $SUDO iptables -t "$tbl" -C "$@" 2>/dev/null
}

add_rule() {
    tbl="$1"; shift
    if have_rule "$tbl" "$@"; then
        log "present: -t $tbl $*"
    else
        log "adding:  -t $tbl $*"
        $SUDO iptables -t "$tbl" -A "$@"
    fi
}

check_ifaces() {
    for ifc in "$WAN_IF" "$LAN_IF"; do
        ip link show "$ifc" >/dev/null 2>&1 || { log "no interface $ifc"; exit 1; }
    done
}

enable_forwarding() {
    cur="$(sysctl -n net.ipv4.ip_forward)"
    if [ "$cur" != "1" ]; then
        log "enabling IPv4 forwarding"
        $SUDO sysctl -w net.ipv4.ip_forward=1
    fi
}

apply_rules() {
    add_rule nat POSTROUTING -s "$LAN_NET" -o "$WAN_IF" -j MASQUERADE \
        -m comment --comment "$COMMENT"
    add_rule filter FORWARD -i "$WAN_IF" -o "$LAN_IF" -m conntrack \
        --ctstate RELATED,ESTABLISHED -j ACCEPT -m comment --comment "$COMMENT"
    for port in $ALLOWED_PORTS; do
        for proto in tcp udp; do
            [ "$proto" = udp ] && [ "$port" != 123 ] && continue
            add_rule filter FORWARD -i "$LAN_IF" -o "$WAN_IF" -s "$LAN_NET" \
                -p "$proto" --dport "$port" -j ACCEPT -m comment --comment "$COMMENT"
        done
    done
}

status() {
    $SUDO iptables -t nat -S POSTROUTING | grep -- "$COMMENT" || true
    $SUDO iptables -S FORWARD | grep -- "$COMMENT" || true
}

case "${1:-up}" in
    up)     check_ifaces; enable_forwarding; apply_rules; status ;;
    status) status ;;
    *)      echo "usage: $0 [up|status]" >&2; exit 2 ;;
esac
