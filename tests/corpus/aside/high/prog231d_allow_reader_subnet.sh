#!/usr/bin/env bash
# allow_reader_subnet.sh - open the gateway's reader port to a new floor's reader VLAN
#
# When a new floor is fitted out, its badge readers live on their own subnet
# and need to reach the doorctl daemon on the gateway (TCP 7443) and the
# time server (UDP 123). This script adds the matching ACCEPT rules if they
# are not already present, logs what it changed and saves the ruleset.
#
# Usage: ./allow_reader_subnet.sh <cidr> [--comment "floor 3"] [--check]
#   e.g. ./allow_reader_subnet.sh 198.51.100.64/26 --comment "floor 4 readers"

set -euo pipefail

READER_PORT=7443
NTP_PORT=123
CHAIN="INPUT"
CIDR=""
COMMENT="door readers"
CHECK_ONLY=0
ALLOWED_PREFIXES=("198.51.100." "203.0.113.")

log() { logger -t allow-reader-subnet "$*" 2>/dev/null || true; echo "allow-reader-subnet: $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --comment) COMMENT="$2"; shift 2 ;;
        --check)   CHECK_ONLY=1; shift ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *)         CIDR="$1"; shift ;;
    esac
done

if [[ ! "$CIDR" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}/([0-9]|[12][0-9]|3[0-2])$ ]]; then
    echo "need a CIDR like 198.51.100.64/26" >&2
    exit 2
fi

ok_prefix=0
for p in "${ALLOWED_PREFIXES[@]}"; do
    [[ "$CIDR" == "$p"* ]] && ok_prefix=1
done
if (( ! ok_prefix )); then
    log "refusing ${CIDR}: not inside the reader address plan"
    exit 1
fi

rule_exists() {
    sudo iptables -C "$CHAIN" "$@" 2>/dev/null
}

ensure_rule() {
    if rule_exists "$@"; then
        log "already present: $*"
        return 0
    fi
    if (( CHECK_ONLY )); then
        log "missing: $*"
        return 1
    fi
    sudo iptables -I "$CHAIN" 1 "$@"
    log "added: $*"
}

missing=0
ensure_rule -s "$CIDR" -p tcp --dport "$READER_PORT" -m conntrack --ctstate NEW \
    -m comment --comment "$COMMENT doorctl" -j ACCEPT || missing=1
ensure_rule -s "$CIDR" -p udp --dport "$NTP_PORT" \
    -m comment --comment "$COMMENT ntp" -j ACCEPT || missing=1

if (( CHECK_ONLY )); then
    exit $missing
fi

log "saving ruleset"
if command -v netfilter-persistent >/dev/null; then
    sudo netfilter-persistent save
else
    sudo sh -c 'iptables-save > /etc/iptables/rules.v4'
fi

log "current reader rules:"
sudo iptables -S "$CHAIN" | grep -- "--dport ${READER_PORT}\|--dport ${NTP_PORT}" || true
