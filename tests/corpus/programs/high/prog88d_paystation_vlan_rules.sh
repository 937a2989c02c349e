#!/bin/sh
# paystation_vlan_rules.sh - restrict what the pay-station VLAN can reach.
#
# The site gateway forwards traffic between the pay stations (vlan 40) and
# the outside world. PCI scope says the terminals may only talk to the card
# acquirer, the back office and NTP. This script (re)builds the PAYSTATIONS
# chain from allowlist.txt and hooks it into FORWARD.
#
# allowlist.txt format:   <cidr-or-host> <proto> <port>   # comment

set -eu

IFACE="${PAYSTATION_IFACE:-eth0.40}"
ALLOWLIST="${1:-./allowlist.txt}"
CHAIN=PAYSTATIONS
IPT="sudo -n iptables -w 5"

log() { echo "paystation_vlan_rules: $*" >&2; }

die() { log "$*"; exit 1; }

resolve() {
    case "$1" in
        */*|[0-9]*.[0-9]*.[0-9]*.[0-9]*) echo "$1" ;;
        *) getent ahostsv4 "$1" | awk '{print $1}' | sort -u ;;
    esac
}

ensure_chain() {
    if $IPT -nL "$CHAIN" >/dev/null 2>&1; then
        $IPT -F "$CHAIN"
    else
        $IPT -N "$CHAIN"
    fi
    if ! $IPT -C FORWARD -i "$IFACE" -j "$CHAIN" 2>/dev/null; then
        $IPT -I FORWARD 1 -i "$IFACE" -j "$CHAIN"
    fi
}

load_allowlist() {
    added=0
    grep -v '^[[:space:]]*#' "$ALLOWLIST" | sed 's/#.*//' |
    while read -r dest proto port; do
        [ -z "$dest" ] && continue
        for addr in $(resolve "$dest"); do
            $IPT -A "$CHAIN" -d "$addr" -p "$proto" --dport "$port" \
                -m conntrack --ctstate NEW,ESTABLISHED -j ACCEPT
            added=$((added + 1))
            log "allow $addr $proto/$port ($dest)"
        done
    done
}

finish_chain() {
    $IPT -A "$CHAIN" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    $IPT -A "$CHAIN" -p udp --dport 53 -j ACCEPT
    $IPT -A "$CHAIN" -m limit --limit 6/min -j LOG --log-prefix "paystation-drop: "
    $IPT -A "$CHAIN" -j REJECT --reject-with icmp-admin-prohibited
}

save_rules() {
    if command -v netfilter-persistent >/dev/null 2>&1; then
        sudo -n netfilter-persistent save
    else
        sudo -n sh -c 'iptables-save > /etc/iptables/rules.v4'
    fi
}

[ -r "$ALLOWLIST" ] || die "allowlist $ALLOWLIST not readable"
ip link show "$IFACE" >/dev/null 2>&1 || die "interface $IFACE not present"
sudo -n true 2>/dev/null || die "needs passwordless sudo for iptables"

ensure_chain
load_allowlist
finish_chain
save_rules
log "chain $CHAIN now has $($IPT -S "$CHAIN" | wc -l) rules"
