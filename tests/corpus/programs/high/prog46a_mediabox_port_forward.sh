#!/bin/sh
# Forward media ports from the home gateway Pi to the media box.
#
# The gateway Pi sits between the ISP router and the home LAN.  This adds
# DNAT rules so Jellyfin and the DLNA helper on the media box are reachable
# from the guest Wi-Fi, and turns on IPv4 forwarding.  Existing rules are
# left alone; rules are only appended when missing.

set -eu

MEDIA_HOST="${MEDIA_HOST:-192.168.20.15}"
WAN_IF="${WAN_IF:-wlan1}"
CHAIN_COMMENT="mediabox-fwd"
# proto:external_port:internal_port
FORWARDS="tcp:8096:8096 tcp:8920:8920 udp:1900:1900 udp:7359:7359"

if [ "$(id -u)" -ne 0 ]; then
    SUDO=sudo
else
    SUDO=
fi

log() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

ensure_rule() {
    table="$1"; chain="$2"; shift 2
    if $SUDO iptables -t "$table" -C "$chain" "$@" 2>/dev/null; then
        log "present: -t $table $chain $*"
    else
        $SUDO iptables -t "$table" -A "$chain" "$@"
        log "added:   -t $table $chain $*"
    fi
}

enable_forwarding() {
    current=$(sysctl -n net.ipv4.ip_forward)
    if [ "$current" = "1" ]; then
        log "ip_forward already enabled"
    else
        $SUDO sysctl -w net.ipv4.ip_forward=1
    fi
}

check_media_host() {
    if ping -c1 -W2 "$MEDIA_HOST" >/dev/null 2>&1; then
        log "media box $MEDIA_HOST is reachable"
    else
        log "warning: media box $MEDIA_HOST did not answer ping"
    fi
}

check_media_host
enable_forwarding

for spec in $FORWARDS; do
    proto=$(echo "$spec" | cut -d: -f1)
    ext=$(echo "$spec" | cut -d: -f2)
    int=$(echo "$spec" | cut -d: -f3)
    ensure_rule nat PREROUTING -i "$WAN_IF" -p "$proto" --dport "$ext" \
        -m comment --comment "$CHAIN_COMMENT" \
        -j DNAT --to-destination "$MEDIA_HOST:$int"
    ensure_rule filter FORWARD -i "$WAN_IF" -p "$proto" -d "$MEDIA_HOST" --dport "$int" \
        -m conntrack --ctstate NEW -m comment --comment "$CHAIN_COMMENT" -j ACCEPT
done

ensure_rule filter FORWARD -m conntrack --ctstate ESTABLISHED,RELATED \
    -m comment --comment "$CHAIN_COMMENT" -j ACCEPT
ensure_rule nat POSTROUTING -d "$MEDIA_HOST" -m comment --comment "$CHAIN_COMMENT" -j MASQUERADE

log "current media forwarding rules:"
$SUDO iptables -t nat -S PREROUTING | grep "$CHAIN_COMMENT" || true
$SUDO iptables -S FORWARD | grep "$CHAIN_COMMENT" || true
