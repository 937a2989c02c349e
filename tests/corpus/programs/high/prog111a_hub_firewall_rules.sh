#!/usr/bin/env bash
# hub_firewall_rules.sh - allow HearthLink hub discovery and control traffic
#
# For customers running the hub bridge on their own Linux box (NAS, mini PC).
# Adds narrow ACCEPT rules, limited to the home LAN, for:
#   5353/udp  mDNS       (hub and door discovery)
#   1900/udp  SSDP       (pairing wizard)
#   5683/udp  CoAP       (door controller telemetry)
#   8443/tcp  hub API    (app and installer tools)
# and persists them so they survive a reboot.
#
# usage: hub_firewall_rules.sh [--lan 192.168.1.0/24] [--remove] [--no-save]
set -euo pipefail

LAN=""
REMOVE=0
SAVE=1
CHAIN=INPUT
COMMENT="hearthlink-hub"
RULES_V4=/etc/iptables/rules.v4

log() { echo "[fw] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --lan) LAN=$2; shift 2 ;;
        --remove) REMOVE=1; shift ;;
        --no-save) SAVE=0; shift ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

SUDO=()
if [[ $EUID -ne 0 ]]; then
    SUDO=(sudo)
    log "root needed for netfilter changes, asking sudo"
    sudo -v
fi

guess_lan() {
    # network of the interface that holds the default route
    local dev
    dev=$(ip -4 route show default | awk '{print $5; exit}')
    [[ -n "$dev" ]] || return 1
    ip -4 -o addr show dev "$dev" | awk '{print $4; exit}' | python3 -c \
        'import ipaddress,sys; print(ipaddress.ip_interface(sys.stdin.read().strip()).network)'
}

[[ -n "$LAN" ]] || LAN=$(guess_lan) || { log "could not work out the LAN, pass --lan"; exit 1; }
log "LAN is $LAN"

RULES=(
    "-p udp --dport 5353 -s $LAN"
    "-p udp --dport 1900 -s $LAN"
    "-p udp --dport 5683 -s $LAN"
    "-p tcp --dport 8443 -s $LAN -m conntrack --ctstate NEW"
)

ipt() { "${SUDO[@]}" iptables -w 5 "$@"; }

apply_rule() {
    local spec=$1
    # shellcheck disable=SC2086
    if ipt -C "$CHAIN" $spec -m comment --comment "$COMMENT" -j ACCEPT 2>/dev/null; then
        log "present: $spec"
        return
    fi
    # shellcheck disable=SC2086
    ipt -I "$CHAIN" 1 $spec -m comment --comment "$COMMENT" -j ACCEPT
    log "added:   $spec"
}

drop_rule() {
    local spec=$1
    # shellcheck disable=SC2086
    while ipt -D "$CHAIN" $spec -m comment --comment "$COMMENT" -j ACCEPT 2>/dev/null; do
        log "removed: $spec"
    done
}

persist() {
    (( SAVE )) || return 0
    "${SUDO[@]}" install -d -m 0755 "$(dirname "$RULES_V4")"
    "${SUDO[@]}" iptables-save | "${SUDO[@]}" tee "$RULES_V4" >/dev/null
    log "saved to $RULES_V4"
}

if ! command -v iptables >/dev/null; then
    log "iptables not installed; on nftables-only systems add the rules to your ruleset"
    exit 1
fi

for r in "${RULES[@]}"; do
    if (( REMOVE )); then drop_rule "$r"; else apply_rule "$r"; fi
done
persist

ipt -S "$CHAIN" | grep -- "$COMMENT" || true
