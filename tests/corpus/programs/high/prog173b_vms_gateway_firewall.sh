#!/usr/bin/env bash
# Opens the ports the vessel monitoring system (VMS) transponder gateway
# needs on the shore server and saves the rules so they survive a reboot.

set -euo pipefail

CHAIN="VMS_GATEWAY"
RULES_FILE="${RULES_FILE:-/etc/iptables/rules.v4}"
TRANSPONDER_NET="${TRANSPONDER_NET:-198.51.100.0/24}"
AUTHORITY_NET="${AUTHORITY_NET:-203.0.113.0/24}"

declare -a UDP_PORTS=(5010 5011)
declare -a TCP_PORTS=(8443)

elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -n "$@"
    fi
}

ipt() { elevate iptables -w "$@"; }

chain_exists() {
    ipt -n -L "$CHAIN" >/dev/null 2>&1
}

ensure_chain() {
    if ! chain_exists; then
        ipt -N "$CHAIN"
    fi
    ipt -F "$CHAIN"
    if ! ipt -C INPUT -j "$CHAIN" 2>/dev/null; then
        ipt -I INPUT 1 -j "$CHAIN"
    fi
}

add_rules() {
    local port
    for port in "${UDP_PORTS[@]}"; do
        ipt -A "$CHAIN" -p udp -s "$TRANSPONDER_NET" --dport "$port" -j ACCEPT
    done
    for port in "${TCP_PORTS[@]}"; do
        ipt -A "$CHAIN" -p tcp -s "$AUTHORITY_NET" --dport "$port" \
            -m conntrack --ctstate NEW,ESTABLISHED -j ACCEPT
    done
    ipt -A "$CHAIN" -m limit --limit 5/min -j LOG --log-prefix "vms-drop: "
    ipt -A "$CHAIN" -j RETURN
}

save_rules() {
    local tmp
    tmp="$(mktemp)"
    elevate iptables-save >"$tmp"
    elevate install -m 0640 -o root -g root "$tmp" "$RULES_FILE"
    rm -f "$tmp"
    echo "rules saved to $RULES_FILE"
}

show() {
    ipt -n -v -L "$CHAIN"
}

usage() {
    echo "usage: $0 {apply|show|save}" >&2
    exit 2
}

main() {
    local action="${1:-apply}"
    declare -A actions=(
        [apply]="ensure_chain add_rules save_rules show"
        [show]="show"
        [save]="save_rules"
    )
    [ -n "${actions[$action]+x}" ] || usage
    local step
    for step in ${actions[$action]}; do
        "$step"
    done
}

main "$@"
