#!/bin/sh
# Open the cash-audit collector port on the depot server and tune TCP
# keepalives so the audit upload from slow 2G machines doesn't get cut off.
#
# The collector listens on COLLECTOR_PORT; only the carrier's APN range is
# allowed in. Safe to run more than once.
#
# Usage: audit_collector_ports.sh [apply|show]

set -eu

ACTION="${1:-apply}"
COLLECTOR_PORT="${COLLECTOR_PORT:-8443}"
APN_RANGES="${APN_RANGES:-198.51.100.0/24 203.0.113.0/24}"
CHAIN="VEND_AUDIT"
SYSCTL_FILE="/etc/sysctl.d/60-vend-audit.conf"

note() { echo "[ports] $*"; }

# the server image has sudo; the old depot box only has su
elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo -- "$@"
    else
        su root -c "$*"
    fi
}

fw() { elevate "$(command -v iptables || echo /sbin/iptables)" "$@"; }

ensure_chain() {
    if ! fw -n -L "$CHAIN" >/dev/null 2>&1; then
        fw -N "$CHAIN"
        note "created chain $CHAIN"
    fi
    if ! fw -C INPUT -p tcp --dport "$COLLECTOR_PORT" -j "$CHAIN" 2>/dev/null; then
        fw -I INPUT -p tcp --dport "$COLLECTOR_PORT" -j "$CHAIN"
    fi
}

fill_chain() {
    fw -F "$CHAIN"
    for net in $APN_RANGES; do
        fw -A "$CHAIN" -s "$net" -j ACCEPT
        note "allow $net -> :$COLLECTOR_PORT"
    done
    # anything else aimed at the collector port is dropped
    fw -A "$CHAIN" -j DROP
}

tune_keepalive() {
    tmp="$(mktemp)"
    cat > "$tmp" <<EOF
# vending cash-audit collector: slow links need longer keepalive
net.ipv4.tcp_keepalive_time = 120
net.ipv4.tcp_keepalive_intvl = 30
net.ipv4.tcp_keepalive_probes = 8
EOF
    elevate install -m 0644 "$tmp" "$SYSCTL_FILE"
    rm -f "$tmp"
    elevate sysctl -q -p "$SYSCTL_FILE"
    note "keepalive settings applied"
}

show() {
    fw -n -v -L "$CHAIN" 2>/dev/null || note "chain $CHAIN not present"
    sysctl net.ipv4.tcp_keepalive_time 2>/dev/null || true
}

case "$ACTION" in
    apply)
        ensure_chain
        fill_chain
        tune_keepalive
        show
        ;;
    show)
        show
        ;;
    *)
        echo "usage: $0 [apply|show]" >&2
        exit 2
        ;;
esac
