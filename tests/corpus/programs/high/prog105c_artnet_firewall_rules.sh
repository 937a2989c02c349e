#!/usr/bin/env bash
# artnet_firewall_rules.sh - let Art-Net and sACN through the lighting
# laptop's firewall without opening anything else.
#
# Adds ACCEPT rules for UDP 6454 (Art-Net) from the 2.0.0.0/8 and 10.0.0.0/8
# show networks and UDP 5568 (sACN) multicast, tagged with a comment so they
# can be removed cleanly with --remove. Optionally saves them so they survive
# a reboot on the touring laptops.
#
# usage: artnet_firewall_rules.sh [--remove] [--persist] [--iface eth0]

set -euo pipefail

ACTION="add"
PERSIST=0
IFACE=""
TAG="showctl-artnet"
SOURCES=("2.0.0.0/8" "10.0.0.0/8")
RULES_FILE="/etc/iptables/rules.v4"

log() { printf '%s artnet-fw: %s\n' "$(date '+%T')" "$*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --remove)  ACTION="remove" ;;
        --persist) PERSIST=1 ;;
        --iface)   IFACE="$2"; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 64 ;;
    esac
    shift
done

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { log "need root or sudo"; exit 1; }
    SUDO="sudo"
fi

ipt() { $SUDO iptables "$@"; }

iface_args() {
    if [ -n "$IFACE" ]; then
        printf -- '-i %s' "$IFACE"
    fi
}

rule_specs() {
    local src
    for src in "${SOURCES[@]}"; do
        echo "INPUT $(iface_args) -p udp -s $src --dport 6454 -m comment --comment $TAG -j ACCEPT"
    done
    echo "INPUT $(iface_args) -p udp -d 239.255.0.0/16 --dport 5568 -m comment --comment $TAG -j ACCEPT"
    echo "INPUT $(iface_args) -p igmp -m comment --comment $TAG -j ACCEPT"
}

add_rules() {
    local spec
    while read -r spec; do
        # shellcheck disable=SC2086
        if ipt -C $spec 2>/dev/null; then
            log "present: $spec"
        else
            # shellcheck disable=SC2086
            ipt -I $spec
            log "added:   $spec"
        fi
    done < <(rule_specs)
}

remove_rules() {
    local spec
    while read -r spec; do
        # shellcheck disable=SC2086
        while ipt -C $spec 2>/dev/null; do
            # shellcheck disable=SC2086
            ipt -D $spec
            log "removed: $spec"
        done
    done < <(rule_specs)
}

persist_rules() {
    $SUDO mkdir -p "$(dirname "$RULES_FILE")"
    $SUDO iptables-save | $SUDO tee "$RULES_FILE" >/dev/null
    log "saved to $RULES_FILE"
}

command -v iptables >/dev/null || { log "iptables not installed"; exit 1; }

case "$ACTION" in
    add)    add_rules ;;
    remove) remove_rules ;;
esac

if [ "$PERSIST" -eq 1 ]; then
    persist_rules
fi

log "current show rules:"
ipt -S INPUT | grep -- "$TAG" || log "(none)"
