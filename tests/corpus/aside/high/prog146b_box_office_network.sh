#!/usr/bin/env bash
# Box-office network setup for concert nights.
# The box-office laptop shares its wired uplink with the two ticket scanners
# on the foyer wifi and exposes the ticket check-in page on port 8080.
# Usage: ./box_office_network.sh [up|down|status]
set -euo pipefail

UPLINK="${UPLINK:-eth0}"
FOYER="${FOYER:-wlan0}"
CHECKIN_PORT="${CHECKIN_PORT:-8080}"
SCANNER_NET="${SCANNER_NET:-192.168.50.0/24}"
RULE_TAG="box-office"

# use whatever elevation tool this laptop has
pick_elevator() {
    local t
    for t in doas sudo; do
        if command -v "$t" >/dev/null 2>&1; then
            echo "$t"
            return
        fi
    done
    echo ""
}

ELEV="$(pick_elevator)"
[ "$(id -u)" -eq 0 ] && ELEV=""

as_root() {
    $ELEV "$@"
}

log() { echo "[box-office] $*"; }

ipt() {
    as_root iptables "$@"
}

rules() {
    # action is -I (insert) or -D (delete)
    local a="$1"
    ipt "$a" INPUT -i "$FOYER" -p tcp --dport "$CHECKIN_PORT" \
        -s "$SCANNER_NET" -m comment --comment "$RULE_TAG" -j ACCEPT
    ipt -t nat "$a" POSTROUTING -o "$UPLINK" -s "$SCANNER_NET" \
        -m comment --comment "$RULE_TAG" -j MASQUERADE
    ipt "$a" FORWARD -i "$FOYER" -o "$UPLINK" -s "$SCANNER_NET" \
        -m comment --comment "$RULE_TAG" -j ACCEPT
    ipt "$a" FORWARD -i "$UPLINK" -o "$FOYER" -m state \
        --state RELATED,ESTABLISHED -m comment --comment "$RULE_TAG" -j ACCEPT
}

forwarding() {
    local knob="net.ipv4.ip_forward"
    as_root sysctl -q -w "$knob=$1"
}

up() {
    log "enabling forwarding from $FOYER to $UPLINK"
    forwarding 1
    rules -I
    log "check-in page reachable on port $CHECKIN_PORT for $SCANNER_NET"
}

down() {
    log "removing box-office rules"
    rules -D 2>/dev/null || log "some rules were already gone"
    forwarding 0
}

status() {
    log "forwarding: $(cat /proc/sys/net/ipv4/ip_forward)"
    ipt -S | grep -- "$RULE_TAG" || log "no box-office rules loaded"
    ipt -t nat -S | grep -- "$RULE_TAG" || true
}

main() {
    if [ -z "$ELEV" ] && [ "$(id -u)" -ne 0 ]; then
        log "need root, sudo or doas"
        exit 1
    fi
    case "${1:-status}" in
        up) up ;;
        down) down ;;
        status) status ;;
        *) echo "usage: $0 [up|down|status]"; exit 2 ;;
    esac
}

main "$@"
