#!/bin/sh
# tor_research_routing.sh - send one research account's traffic through Tor
#
# Reporters browsing extremist forums or checking a source's footprint should
# not hit those sites from the newsroom IP. This routes every TCP connection
# and DNS lookup made by a dedicated local account (default: "research")
# through the local Tor daemon, and drops anything else that account sends,
# so a misconfigured tool cannot leak the real address.
#
#   tor_research_routing.sh on  [user]
#   tor_research_routing.sh off [user]
#   tor_research_routing.sh check
#
# torrc must contain:  TransPort 9040  /  DNSPort 5353  /  AutomapHostsOnResolve 1
set -eu

ACTION="${1:-check}"
RUSER="${2:-${RESEARCH_USER:-research}}"
TRANS_PORT="${TOR_TRANS_PORT:-9040}"
DNS_PORT="${TOR_DNS_PORT:-5353}"
CHAIN_NAT="NEWSDESK_TOR_NAT"
CHAIN_FLT="NEWSDESK_TOR_OUT"
LOCAL_NETS="127.0.0.0/8 10.0.0.0/8 172.16.0.0/12 192.168.0.0/16"

log() { logger -t tor-routing "$*" 2>/dev/null || true; echo "tor-routing: $*"; }

if [ "$(id -u)" -ne 0 ]; then
    IPT="sudo iptables -w"
else
    IPT="iptables -w"
fi

ruid() {
    id -u "$RUSER" 2>/dev/null || { echo "no such user: $RUSER" >&2; exit 1; }
}

tor_listening() {
    ss -lnt 2>/dev/null | grep -q "127.0.0.1:$TRANS_PORT " &&
    ss -lnu 2>/dev/null | grep -q "127.0.0.1:$DNS_PORT "
}

routing_on() {
    uid=$(ruid)
    tor_listening || { echo "Tor TransPort/DNSPort not listening; check torrc" >&2; exit 1; }

    $IPT -t nat -N "$CHAIN_NAT" 2>/dev/null || $IPT -t nat -F "$CHAIN_NAT"
    $IPT -N "$CHAIN_FLT" 2>/dev/null || $IPT -F "$CHAIN_FLT"

    # DNS to Tor's resolver
    $IPT -t nat -A "$CHAIN_NAT" -p udp --dport 53 -j REDIRECT --to-ports "$DNS_PORT"
    $IPT -t nat -A "$CHAIN_NAT" -p tcp --dport 53 -j REDIRECT --to-ports "$DNS_PORT"
    # leave local networks alone, everything else into the TransPort
    for net in $LOCAL_NETS; do
        $IPT -t nat -A "$CHAIN_NAT" -d "$net" -j RETURN
    done
    $IPT -t nat -A "$CHAIN_NAT" -p tcp --syn -j REDIRECT --to-ports "$TRANS_PORT"

    # anything that escaped redirection is dropped for this account
    $IPT -A "$CHAIN_FLT" -o lo -j ACCEPT
    $IPT -A "$CHAIN_FLT" -m state --state ESTABLISHED,RELATED -j ACCEPT
    $IPT -A "$CHAIN_FLT" -j REJECT

    $IPT -t nat -C OUTPUT -m owner --uid-owner "$uid" -j "$CHAIN_NAT" 2>/dev/null ||
        $IPT -t nat -A OUTPUT -m owner --uid-owner "$uid" -j "$CHAIN_NAT"
    $IPT -C OUTPUT -m owner --uid-owner "$uid" -j "$CHAIN_FLT" 2>/dev/null ||
        $IPT -A OUTPUT -m owner --uid-owner "$uid" -j "$CHAIN_FLT"
    log "routing for $RUSER (uid $uid) now goes through Tor"
}

routing_off() {
    uid=$(ruid)
    $IPT -t nat -D OUTPUT -m owner --uid-owner "$uid" -j "$CHAIN_NAT" 2>/dev/null || true
    $IPT -D OUTPUT -m owner --uid-owner "$uid" -j "$CHAIN_FLT" 2>/dev/null || true
    $IPT -t nat -F "$CHAIN_NAT" 2>/dev/null && $IPT -t nat -X "$CHAIN_NAT" 2>/dev/null || true
    $IPT -F "$CHAIN_FLT" 2>/dev/null && $IPT -X "$CHAIN_FLT" 2>/dev/null || true
    log "Tor routing for $RUSER removed; the account now uses the normal network"
}

routing_check() {
    if $IPT -t nat -S OUTPUT 2>/dev/null | grep -q "$CHAIN_NAT"; then
        echo "Tor routing: active"
        $IPT -t nat -S "$CHAIN_NAT"
    else
        echo "Tor routing: inactive"
    fi
    if command -v curl >/dev/null && [ "$(id -un)" = "$RUSER" ]; then
        curl -s --max-time 20 https://check.torproject.org/api/ip; echo
    fi
}

case "$ACTION" in
    on) routing_on ;;
    off) routing_off ;;
    check) routing_check ;;
    *) sed -n '2,15p' "$0"; exit 2 ;;
esac
