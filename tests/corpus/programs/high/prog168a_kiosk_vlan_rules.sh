#!/bin/sh
# Adds the packet filter rules for the ticket kiosk VLAN on the pier router box.
# Kiosks may reach the payment gateway and the ops board; nothing else in the
# office range. Existing rules are checked first so the script can be re-run.
set -eu

KIOSK_NET="${KIOSK_NET:-198.51.100.0/26}"
OFFICE_NET="${OFFICE_NET:-198.51.100.128/25}"
PAYMENT_GW="${PAYMENT_GW:-203.0.113.20}"
OPS_BOARD="${OPS_BOARD:-203.0.113.35}"
CHAIN="${CHAIN:-PIER-KIOSK}"
DRY_RUN="${DRY_RUN:-0}"

if [ "$(id -u)" -ne 0 ]; then
    ELEVATE="sudo"
else
    ELEVATE=""
fi

ipt() {
    if [ "$DRY_RUN" = 1 ]; then
        echo "would run: iptables $*"
        return 0
    fi
    $ELEVATE iptables "$@"
}

have_rule() {
    [ "$DRY_RUN" = 1 ] && return 1
    $ELEVATE iptables -C "$@" >/dev/null 2>&1
}

ensure() {
    table_chain=$1
    shift
    if have_rule "$table_chain" "$@"; then
        echo "present: $table_chain $*"
    else
        ipt -A "$table_chain" "$@"
        echo "added:   $table_chain $*"
    fi
}

ensure_chain() {
    if ! $ELEVATE iptables -n -L "$CHAIN" >/dev/null 2>&1; then
        ipt -N "$CHAIN"
        echo "created chain $CHAIN"
    fi
    if ! have_rule FORWARD -s "$KIOSK_NET" -j "$CHAIN"; then
        ipt -I FORWARD 1 -s "$KIOSK_NET" -j "$CHAIN"
    fi
}

allow_service() {
    dest=$1
    port=$2
    ensure "$CHAIN" -d "$dest" -p tcp --dport "$port" -m conntrack --ctstate NEW,ESTABLISHED -j ACCEPT
}

apply_rules() {
    ensure_chain
    ensure "$CHAIN" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    for spec in "$PAYMENT_GW:443" "$OPS_BOARD:443" "$OPS_BOARD:8883"; do
        allow_service "${spec%%:*}" "${spec##*:}"
    done
    ensure "$CHAIN" -p udp --dport 53 -j ACCEPT
    ensure "$CHAIN" -d "$OFFICE_NET" -j REJECT --reject-with icmp-admin-prohibited
    ensure "$CHAIN" -j RETURN
}

save_rules() {
    [ "$DRY_RUN" = 1 ] && return 0
    if command -v netfilter-persistent >/dev/null 2>&1; then
        $ELEVATE netfilter-persistent save
    else
        echo "netfilter-persistent not installed; rules are live until reboot"
    fi
}

case "${1:-apply}" in
    apply) apply_rules; save_rules ;;
    show) $ELEVATE iptables -n -v -L "$CHAIN" --line-numbers ;;
    *) echo "usage: $0 [apply|show]" >&2; exit 2 ;;
esac
