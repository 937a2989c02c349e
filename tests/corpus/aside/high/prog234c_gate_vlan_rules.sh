#!/usr/bin/env bash
# gate_vlan_rules.sh - let the turnstile VLAN reach the membership server.
#
# The gate PC routes between the turnstile VLAN (eth1) and the office LAN
# (eth0). After a rebuild it needs forwarding turned on and a narrow set of
# ACCEPT rules so the turnstiles can reach the membership API on the office
# server, and nothing else. Existing rules are left in place.

set -euo pipefail

GATE_IF="${GATE_IF:-eth1}"
OFFICE_IF="${OFFICE_IF:-eth0}"
GATE_NET="${GATE_NET:-198.51.100.0/26}"
MEMBER_API="${MEMBER_API:-198.51.100.80}"
API_PORT="${API_PORT:-8443}"
COMMENT="gym-gate-vlan"
CHECK_ONLY=0

log() { echo "$(date '+%F %T') gate-vlan: $*"; }

usage() {
    echo "Usage: $0 [--check] [--gate-if IF] [--office-if IF] [--api IP]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --check) CHECK_ONLY=1; shift ;;
        --gate-if) GATE_IF="$2"; shift 2 ;;
        --office-if) OFFICE_IF="$2"; shift 2 ;;
        --api) MEMBER_API="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

rule_present() {
    sudo iptables -C "$@" 2>/dev/null
}

add_rule() {
    if rule_present "$@"; then
        log "rule already present: $*"
    else
        sudo iptables -I "$@"
        log "added: $*"
    fi
}

enable_forwarding() {
    local cur
    cur="$(sysctl -n net.ipv4.ip_forward)"
    if [[ "$cur" == "1" ]]; then
        log "forwarding already on"
    else
        sudo sysctl -w net.ipv4.ip_forward=1
        log "forwarding enabled"
    fi
}

install_rules() {
    add_rule FORWARD -i "$GATE_IF" -o "$OFFICE_IF" -s "$GATE_NET" \
        -d "$MEMBER_API" -p tcp --dport "$API_PORT" \
        -m comment --comment "$COMMENT" -j ACCEPT
    add_rule FORWARD -i "$OFFICE_IF" -o "$GATE_IF" -d "$GATE_NET" \
        -m conntrack --ctstate ESTABLISHED,RELATED \
        -m comment --comment "$COMMENT" -j ACCEPT
}

show_rules() {
    sudo iptables -S FORWARD | grep -- "$COMMENT" || log "no gate rules installed"
}

check_api() {
    if curl -fsS --max-time 5 -o /dev/null "https://$MEMBER_API:$API_PORT/health"; then
        log "membership API reachable from the gate PC"
    else
        log "membership API not reachable yet"
    fi
}

main() {
    for ifc in "$GATE_IF" "$OFFICE_IF"; do
        [[ -d "/sys/class/net/$ifc" ]] || { log "no interface $ifc"; exit 1; }
    done
    if (( CHECK_ONLY )); then
        show_rules
        exit 0
    fi
    enable_forwarding
    install_rules
    show_rules
    check_api
    sudo systemctl restart gym-gate-agent.service || log "gate agent not installed"
}

main
