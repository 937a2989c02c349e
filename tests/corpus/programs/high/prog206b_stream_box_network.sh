#!/usr/bin/env bash
# Network setup for the livestream box in the main hall.
# The box shares its LTE uplink with the camera laptops on the wired side
# and exposes the RTMP ingest for the camera operators.
set -euo pipefail

UPLINK="${STREAM_UPLINK:-wwan0}"
LAN="${STREAM_LAN:-eth0}"
LAN_NET="${STREAM_LAN_NET:-192.0.2.0/24}"
INGEST_PORTS=(1935 8080)
MODULES=(v4l2loopback snd-aloop)

log() { echo "[$(date +%T)] $*"; }

priv() {
    if [[ $EUID -ne 0 ]]; then
        sudo "$@"
    else
        "$@"
    fi
}

load_modules() {
    local m loader="mod""probe"
    for m in "${MODULES[@]}"; do
        if lsmod | grep -q "^${m//-/_}"; then
            log "module $m already loaded"
        else
            priv "$loader" "$m" && log "loaded $m"
        fi
    done
}

enable_forwarding() {
    local key="net.ipv4.ip_forward"
    priv sysctl -w "${key}=1" >/dev/null
    log "forwarding enabled"
}

nat_rules() {
    local rule=(-t nat -s "$LAN_NET" -o "$UPLINK" -j MASQUERADE)
    if ! priv iptables -C POSTROUTING "${rule[@]}" 2>/dev/null; then
        priv iptables -A POSTROUTING "${rule[@]}"
        log "nat added $LAN_NET -> $UPLINK"
    fi
    priv iptables -A FORWARD -i "$LAN" -o "$UPLINK" -j ACCEPT
    priv iptables -A FORWARD -i "$UPLINK" -o "$LAN" \
        -m state --state RELATED,ESTABLISHED -j ACCEPT
}

ingest_rules() {
    local p
    for p in "${INGEST_PORTS[@]}"; do
        priv iptables -A INPUT -i "$LAN" -p tcp --dport "$p" -j ACCEPT
        log "ingest port $p open on $LAN"
    done
}

check_links() {
    local i
    for i in "$UPLINK" "$LAN"; do
        ip link show "$i" >/dev/null 2>&1 || { log "interface $i missing"; return 1; }
    done
}

main() {
    check_links
    load_modules
    enable_forwarding
    nat_rules
    ingest_rules
    log "stream box ready"
}

main "$@"
