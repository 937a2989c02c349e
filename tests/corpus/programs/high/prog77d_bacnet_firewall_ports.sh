#!/usr/bin/env bash
# bacnet_firewall_ports.sh - allow BACnet/IP traffic on a BMS supervisor host.
#
# Opens UDP 47808 (or the site's configured port) for the BMS VLAN and for
# the BBMD peers listed in bbmd_peers.txt, then saves the ruleset so it
# survives a reboot. Run with --check to only report missing rules.

set -euo pipefail

BACNET_PORT=${BACNET_PORT:-47808}
BMS_SUBNET=${BMS_SUBNET:-10.40.0.0/16}
PEERS_FILE=${PEERS_FILE:-bbmd_peers.txt}
CHAIN=BACNET-IN
RULES_FILE=/etc/iptables/rules.v4
CHECK_ONLY=0

die() { echo "error: $*" >&2; exit 1; }
info() { echo "[bacnet-fw] $*"; }

IPT=(iptables -w 5)
if [[ $EUID -ne 0 ]]; then
    IPT=(sudo "${IPT[@]}")
fi

rule_present() {
    "${IPT[@]}" -C "$@" 2>/dev/null
}

ensure_rule() {
    if rule_present "$@"; then
        return 0
    fi
    if (( CHECK_ONLY )); then
        info "missing: $*"
        return 0
    fi
    info "adding: $*"
    "${IPT[@]}" -A "$@"
}

ensure_chain() {
    if ! "${IPT[@]}" -L "$CHAIN" -n >/dev/null 2>&1; then
        (( CHECK_ONLY )) && { info "missing chain $CHAIN"; return; }
        "${IPT[@]}" -N "$CHAIN"
    fi
    if ! rule_present INPUT -p udp --dport "$BACNET_PORT" -j "$CHAIN"; then
        (( CHECK_ONLY )) && { info "INPUT does not jump to $CHAIN"; return; }
        "${IPT[@]}" -I INPUT 1 -p udp --dport "$BACNET_PORT" -j "$CHAIN"
    fi
}

load_peers() {
    [[ -r "$PEERS_FILE" ]] || return 0
    grep -Ev '^\s*(#|$)' "$PEERS_FILE" | awk '{print $1}'
}

persist() {
    (( CHECK_ONLY )) && return 0
    local saver=(iptables-save)
    [[ $EUID -ne 0 ]] && saver=(sudo iptables-save)
    info "saving ruleset to $RULES_FILE"
    "${saver[@]}" | sudo tee "$RULES_FILE" >/dev/null
}

main() {
    while [[ $# -gt 0 ]]; do
        case $1 in
            --check) CHECK_ONLY=1 ;;
            --port) BACNET_PORT=$2; shift ;;
            --subnet) BMS_SUBNET=$2; shift ;;
            *) die "unknown option $1" ;;
        esac
        shift
    done

    command -v iptables >/dev/null || die "iptables not installed"
    ensure_chain

    ensure_rule "$CHAIN" -s "$BMS_SUBNET" -p udp --dport "$BACNET_PORT" -j ACCEPT \
        -m comment --comment "bacnet bms vlan"

    local peer count=0
    while read -r peer; do
        ensure_rule "$CHAIN" -s "$peer" -p udp --dport "$BACNET_PORT" -j ACCEPT \
            -m comment --comment "bacnet bbmd peer"
        count=$((count + 1))
    done < <(load_peers)
    info "$count BBMD peers processed"

    ensure_rule "$CHAIN" -p udp --dport "$BACNET_PORT" -j DROP \
        -m comment --comment "bacnet default drop"

    persist
    info "done"
}

main "$@"
