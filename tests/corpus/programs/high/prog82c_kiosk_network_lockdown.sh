#!/bin/sh
# kiosk_network_lockdown.sh - restrict outbound traffic of a ticket vending
# machine to the fare backend, payment gateway, depot DNS and NTP.
# Rules live in a dedicated KIOSK_OUT chain so re-running is idempotent.
#
# Allowed destinations are read from ./lockdown.conf, one per line:
#   tcp 443 fares.regiotransit.example.org
#   tcp 443 pay.psp-gateway.example.com
#   udp 53  10.20.0.53
#   udp 123 10.20.0.123

set -eu

CONF=${1:-./lockdown.conf}
CHAIN=KIOSK_OUT
WAN_IF=${WAN_IF:-wwan0}
SAVE_TO=/etc/iptables/rules.v4

if [ "$(id -u)" = 0 ]; then
    ELEVATE=""
elif command -v doas >/dev/null 2>&1; then
    ELEVATE="doas"
else
    ELEVATE="sudo -n"
fi

ipt() {
    $ELEVATE iptables -w 5 "$@"
}

note() { echo "lockdown: $*"; }

[ -r "$CONF" ] || { note "missing $CONF"; exit 1; }

resolve() {
    # hostnames are resolved once, at apply time; the backend IPs are stable
    case "$1" in
        *[!0-9.]*) getent ahostsv4 "$1" | awk '{print $1}' | sort -u ;;
        *) echo "$1" ;;
    esac
}

prepare_chain() {
    if ipt -n -L "$CHAIN" >/dev/null 2>&1; then
        ipt -F "$CHAIN"
    else
        ipt -N "$CHAIN"
    fi
    if ! ipt -C OUTPUT -o "$WAN_IF" -j "$CHAIN" 2>/dev/null; then
        ipt -I OUTPUT 1 -o "$WAN_IF" -j "$CHAIN"
    fi
    ipt -A "$CHAIN" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
}

add_rules() {
    count=0
    while read -r proto port host; do
        case "$proto" in ''|\#*) continue ;; esac
        for ip in $(resolve "$host"); do
            ipt -A "$CHAIN" -p "$proto" -d "$ip" --dport "$port" -j ACCEPT
            count=$((count + 1))
        done
    done < "$CONF"
    note "$count allow rules from $CONF"
}

finish_chain() {
    ipt -A "$CHAIN" -p icmp --icmp-type echo-request -m limit --limit 1/s -j ACCEPT
    ipt -A "$CHAIN" -m limit --limit 6/min -j LOG --log-prefix "kiosk-drop: " --log-level 4
    ipt -A "$CHAIN" -j REJECT --reject-with icmp-admin-prohibited
}

persist() {
    $ELEVATE mkdir -p "$(dirname "$SAVE_TO")"
    $ELEVATE sh -c "iptables-save > '$SAVE_TO'"
    note "saved to $SAVE_TO"
}

prepare_chain
add_rules
finish_chain
persist
ipt -n -v -L "$CHAIN" | head -30
