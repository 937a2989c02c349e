#!/usr/bin/env bash
# claims_gateway_firewall.sh - egress allow-list for the insurance claims PC.
#
# The claims workstation must only talk to the switch/clearinghouse, the
# PDMP reporting endpoint and the update mirror. This resolves the hosts in
# claims_endpoints.txt, builds an RX_CLAIMS_OUT chain that accepts HTTPS to
# those addresses and logs anything else on 443/8443, loads it into the
# running firewall and saves it so it survives a reboot.
#
# Usage: claims_gateway_firewall.sh [--endpoints FILE] [--dry-run]

set -euo pipefail

ENDPOINTS_FILE="./claims_endpoints.txt"
CHAIN="RX_CLAIMS_OUT"
RULES_OUT="./rx_claims.rules"
DRY_RUN=0

log() { logger -t claims-fw -- "$*" 2>/dev/null || true; echo "[claims-fw] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --endpoints) ENDPOINTS_FILE="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        *) echo "usage: $0 [--endpoints FILE] [--dry-run]" >&2; exit 2 ;;
    esac
done

[[ -r "$ENDPOINTS_FILE" ]] || { log "missing $ENDPOINTS_FILE"; exit 2; }

priv() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

resolve_all() {
    local host
    while read -r host _; do
        [[ -z "$host" || "$host" == \#* ]] && continue
        if [[ "$host" =~ ^[0-9.]+(/[0-9]+)?$ ]]; then
            echo "$host $host"
            continue
        fi
        getent ahostsv4 "$host" | awk -v h="$host" '{print $1, h}' | sort -u || \
            log "warning: $host did not resolve"
    done < "$ENDPOINTS_FILE"
}

build_rules() {
    local ip host
    echo "*filter"
    echo ":$CHAIN - [0:0]"
    echo "-A $CHAIN -o lo -j RETURN"
    echo "-A $CHAIN -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT"
    echo "-A $CHAIN -p udp --dport 53 -j ACCEPT"
    echo "-A $CHAIN -p tcp --dport 53 -j ACCEPT"
    while read -r ip host; do
        echo "-A $CHAIN -p tcp -d $ip -m multiport --dports 443,8443 -m comment --comment \"$host\" -j ACCEPT"
    done < <(resolve_all | sort -u)
    echo "-A $CHAIN -p tcp -m multiport --dports 443,8443 -m limit --limit 6/min -j LOG --log-prefix \"rx-claims-deny \""
    echo "-A $CHAIN -p tcp -m multiport --dports 443,8443 -j REJECT --reject-with tcp-reset"
    echo "COMMIT"
}

build_rules > "$RULES_OUT"
count=$(grep -c -- '-j ACCEPT' "$RULES_OUT" || true)
log "generated $count accept rules in $RULES_OUT"

if [[ $DRY_RUN -eq 1 ]]; then
    cat "$RULES_OUT"
    exit 0
fi

# refresh the chain without touching the rest of the host firewall
if priv iptables -n -L "$CHAIN" >/dev/null 2>&1; then
    priv iptables -F "$CHAIN"
fi
priv iptables-restore --noflush < "$RULES_OUT"
if ! priv iptables -C OUTPUT -j "$CHAIN" 2>/dev/null; then
    priv iptables -I OUTPUT 1 -j "$CHAIN"
fi
log "loaded $CHAIN into OUTPUT"

if [[ -d /etc/iptables ]]; then
    priv sh -c 'iptables-save > /etc/iptables/rules.v4'
    log "saved ruleset to /etc/iptables/rules.v4"
else
    log "no /etc/iptables; rules will not persist across reboot"
fi

priv iptables -n -v -L "$CHAIN" --line-numbers | head -n 40
