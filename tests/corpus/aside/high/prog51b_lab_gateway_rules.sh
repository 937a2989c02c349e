#!/usr/bin/env bash
# Turn this host into a NAT gateway for the isolated test-lab subnet.
# Rules are kept in a table of "rule objects" so they can be applied and removed symmetrically.
set -euo pipefail

LAB_IF="${LAB_IF:-enp3s0}"
WAN_IF="${WAN_IF:-enp1s0}"
LAB_NET="${LAB_NET:-10.77.0.0/24}"
COMMENT="lab-gateway"
IPT="${IPT:-iptables}"

# table/chain|match spec
RULES=(
    "nat|POSTROUTING -s $LAB_NET -o $WAN_IF -j MASQUERADE"
    "filter|FORWARD -i $LAB_IF -o $WAN_IF -s $LAB_NET -j ACCEPT"
    "filter|FORWARD -i $WAN_IF -o $LAB_IF -d $LAB_NET -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT"
    "filter|INPUT -i $LAB_IF -p udp --dport 53 -j ACCEPT"
    "filter|INPUT -i $LAB_IF -p udp --dport 67 -j ACCEPT"
)

log() { logger -t lab-gateway -- "$*"; echo "$*"; }

require_root() {
    if [[ $EUID -ne 0 ]]; then
        echo "must run as root" >&2
        exit 1
    fi
}

rule_exists() {
    local table=$1 spec=$2
    # shellcheck disable=SC2086
    $IPT -t "$table" -C $spec -m comment --comment "$COMMENT" 2>/dev/null
}

rule_apply() {
    local table=${1%%|*} spec=${1#*|}
    if rule_exists "$table" "$spec"; then
        log "present: [$table] $spec"
        return
    fi
    # shellcheck disable=SC2086
    $IPT -t "$table" -A $spec -m comment --comment "$COMMENT"
    log "added:   [$table] $spec"
}

rule_remove() {
    local table=${1%%|*} spec=${1#*|}
    while rule_exists "$table" "$spec"; do
        # shellcheck disable=SC2086
        $IPT -t "$table" -D $spec -m comment --comment "$COMMENT"
        log "removed: [$table] $spec"
    done
}

cmd_up() {
    require_root
    sysctl -w net.ipv4.ip_forward=1 > /dev/null
    for r in "${RULES[@]}"; do rule_apply "$r"; done
}

cmd_down() {
    require_root
    for r in "${RULES[@]}"; do rule_remove "$r"; done
    sysctl -w net.ipv4.ip_forward=0 > /dev/null
}

cmd_status() {
    printf 'ip_forward=%s\n' "$(cat /proc/sys/net/ipv4/ip_forward)"
    $IPT -t nat -S POSTROUTING | grep -- "$COMMENT" || true
    $IPT -S | grep -- "$COMMENT" || true
}

case "${1:-status}" in
    up|down|status) "cmd_$1" ;;
    *) echo "usage: $0 {up|down|status}" >&2; exit 2 ;;
esac
