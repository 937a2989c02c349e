#!/usr/bin/env bash
# Lane network bridge.
#
# The pinsetter controllers sit on their own little network (eth1) and the
# scoring server lives on the office LAN. This sets up the lane PC so the
# scoring server can reach the controllers' status port through it.

set -euo pipefail

LANE_IF="${LANE_IF:-eth1}"
OFFICE_IF="${OFFICE_IF:-eth0}"
CTRL_NET="${CTRL_NET:-198.51.100.0/24}"
STATUS_PORT="${STATUS_PORT:-5020}"
SCORING_SERVER="${SCORING_SERVER:-203.0.113.10}"

PRIV=""
[ "$(id -u)" -ne 0 ] && PRIV="sudo"

note() { echo "[bridge] $*"; }

need() {
    command -v "$1" >/dev/null 2>&1 || { note "missing $1"; exit 1; }
}

check_links() {
    for ifc in "$LANE_IF" "$OFFICE_IF"; do
        if ! ip link show "$ifc" >/dev/null 2>&1; then
            note "interface $ifc not found"
            exit 1
        fi
    done
    note "interfaces present: $LANE_IF $OFFICE_IF"
}

load_modules() {
    # conntrack helpers are not loaded by default on the lane image
    for m in nf_conntrack br_netfilter; do
        $PRIV modprobe "$m" || note "could not load $m"
    done
}

enable_forwarding() {
    local key="net.ipv4.ip_forward"
    $PRIV sysctl -w "${key}=1" >/dev/null
    note "forwarding on"
}

add_rule() {
    # add a rule only if it is not there yet
    local table="$1"; shift
    if ! $PRIV iptables -t "$table" -C "$@" 2>/dev/null; then
        $PRIV iptables -t "$table" -A "$@"
    fi
}

open_status_path() {
    add_rule filter FORWARD -i "$OFFICE_IF" -o "$LANE_IF" -s "$SCORING_SERVER" \
        -d "$CTRL_NET" -p tcp --dport "$STATUS_PORT" -j ACCEPT
    add_rule filter FORWARD -i "$LANE_IF" -o "$OFFICE_IF" \
        -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    add_rule nat POSTROUTING -s "$SCORING_SERVER" -d "$CTRL_NET" -o "$LANE_IF" \
        -j MASQUERADE
    note "scoring server $SCORING_SERVER can reach $CTRL_NET:$STATUS_PORT"
}

show() {
    $PRIV iptables -S FORWARD | grep -- "--dport $STATUS_PORT" || true
}

main() {
    need ip
    need iptables
    check_links
    load_modules
    enable_forwarding
    open_status_path
    show
    note "done (not persistent across reboot)"
}

main "$@"
