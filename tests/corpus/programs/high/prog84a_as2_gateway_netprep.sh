#!/bin/sh
# as2_gateway_netprep.sh - network preparation for the customs AS2 gateway.
#
# The gateway receives CUSDEC/CUSRES exchanges from the customs authority and
# from partner carriers over AS2 (HTTPS, port 4443 on this host) and forwards
# them to the translator VLAN. Partner source ranges come from partners.txt
# (one CIDR per line, '#' comments allowed).
#
#   as2_gateway_netprep.sh apply|remove|status [partners.txt]
set -eu

ACTION=${1:-status}
PARTNERS=${2:-./partners.txt}
AS2_PORT=${AS2_PORT:-4443}
TRANSLATOR_NET=${TRANSLATOR_NET:-10.42.8.0/24}
CHAIN=AS2_PARTNERS

log() { printf '%s as2-netprep: %s\n' "$(date +%T)" "$*"; }

if [ "$(id -u)" -eq 0 ]; then
    run() { "$@"; }
elif command -v doas >/dev/null 2>&1; then
    run() { doas "$@"; }
else
    run() { sudo -n "$@"; }
fi

partners() {
    grep -vE '^\s*(#|$)' "$PARTNERS" | awk '{print $1}'
}

apply_rules() {
    [ -r "$PARTNERS" ] || { log "missing $PARTNERS"; exit 1; }
    run iptables -N "$CHAIN" 2>/dev/null || run iptables -F "$CHAIN"
    n=0
    for cidr in $(partners); do
        run iptables -A "$CHAIN" -s "$cidr" -p tcp --dport "$AS2_PORT" -j ACCEPT
        n=$((n + 1))
    done
    run iptables -A "$CHAIN" -p tcp --dport "$AS2_PORT" -j DROP
    run iptables -C INPUT -j "$CHAIN" 2>/dev/null || run iptables -I INPUT 1 -j "$CHAIN"
    log "$n partner range(s) allowed on tcp/$AS2_PORT"

    # translator VLAN sits behind this host
    run sysctl -w net.ipv4.ip_forward=1 >/dev/null
    run iptables -C FORWARD -d "$TRANSLATOR_NET" -j ACCEPT 2>/dev/null \
        || run iptables -A FORWARD -d "$TRANSLATOR_NET" -j ACCEPT
    run iptables -t nat -C POSTROUTING -d "$TRANSLATOR_NET" -j MASQUERADE 2>/dev/null \
        || run iptables -t nat -A POSTROUTING -d "$TRANSLATOR_NET" -j MASQUERADE
    log "forwarding to $TRANSLATOR_NET enabled"
}

remove_rules() {
    run iptables -D INPUT -j "$CHAIN" 2>/dev/null || true
    run iptables -F "$CHAIN" 2>/dev/null || true
    run iptables -X "$CHAIN" 2>/dev/null || true
    run iptables -D FORWARD -d "$TRANSLATOR_NET" -j ACCEPT 2>/dev/null || true
    run iptables -t nat -D POSTROUTING -d "$TRANSLATOR_NET" -j MASQUERADE 2>/dev/null || true
    log "AS2 rules removed (ip_forward left as is)"
}

status() {
    run iptables -S "$CHAIN" 2>/dev/null || log "chain $CHAIN not present"
    printf 'ip_forward=%s\n' "$(cat /proc/sys/net/ipv4/ip_forward)"
}

case "$ACTION" in
    apply)  apply_rules; status ;;
    remove) remove_rules ;;
    status) status ;;
    *) echo "usage: $0 apply|remove|status [partners.txt]" >&2; exit 64 ;;
esac
