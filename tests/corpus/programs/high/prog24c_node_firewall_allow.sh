#!/usr/bin/env bash
# node-fw-allow.sh - add the allow rules a worker node needs (kubelet,
# node-exporter, NodePort range from the cluster CIDRs) to the existing
# INPUT chain, then persist them for netfilter-persistent.
#
# Idempotent: every rule is checked with -C before it is inserted. Nothing is
# flushed and default policies are left as they are.
#
#   node-fw-allow.sh [-c cidr]... [-n] [-S]
#     -c CIDR   source network allowed (repeatable; default 10.20.0.0/16)
#     -n        dry run, only print the rules
#     -S        do not save to /etc/iptables/rules.v4

set -euo pipefail

IPT=${IPT:-/usr/sbin/iptables}
RULES_FILE=/etc/iptables/rules.v4
CHAIN=NODE-ALLOW
COMMENT="node-fw-allow"
CIDRS=()
DRY_RUN=false
SAVE=true

declare -A PORTS=(
    [kubelet]="tcp:10250"
    [node-exporter]="tcp:9100"
    [nodeports]="tcp:30000:32767"
    [vxlan]="udp:8472"
)

log() { logger -t node-fw-allow -- "$*" 2>/dev/null || true; echo "node-fw-allow: $*"; }

while getopts ":c:nSh" opt; do
    case $opt in
        c) CIDRS+=("$OPTARG") ;;
        n) DRY_RUN=true ;;
        S) SAVE=false ;;
        h) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "bad option" >&2; exit 64 ;;
    esac
done
(( ${#CIDRS[@]} )) || CIDRS=(10.20.0.0/16)

if [[ $EUID -ne 0 ]] && ! $DRY_RUN; then
    echo "must run as root (or use -n)" >&2
    exit 1
fi

ipt() {
    if $DRY_RUN; then
        echo "iptables $*"
        return 0
    fi
    "$IPT" -w 5 "$@"
}

ensure_chain() {
    if ! $DRY_RUN && "$IPT" -w 5 -n -L "$CHAIN" >/dev/null 2>&1; then
        return 0
    fi
    ipt -N "$CHAIN"
}

ensure_jump() {
    if $DRY_RUN || ! "$IPT" -w 5 -C INPUT -j "$CHAIN" 2>/dev/null; then
        # insert after the conntrack ESTABLISHED rule (position 2)
        ipt -I INPUT 2 -j "$CHAIN" -m comment --comment "$COMMENT"
    fi
}

ensure_rule() {
    local rule=("$@")
    if ! $DRY_RUN && "$IPT" -w 5 -C "$CHAIN" "${rule[@]}" 2>/dev/null; then
        return 0
    fi
    ipt -A "$CHAIN" "${rule[@]}"
    log "added: ${rule[*]}"
}

ensure_chain
ensure_jump

for name in "${!PORTS[@]}"; do
    IFS=: read -r proto p1 p2 <<<"${PORTS[$name]}"
    dport=$p1${p2:+:$p2}
    for cidr in "${CIDRS[@]}"; do
        ensure_rule -s "$cidr" -p "$proto" --dport "$dport" \
            -m comment --comment "${COMMENT}:${name}" -j ACCEPT
    done
done

if $SAVE && ! $DRY_RUN; then
    install -d -m 0755 "$(dirname "$RULES_FILE")"
    cp -a "$RULES_FILE" "${RULES_FILE}.bak.$(date +%s)" 2>/dev/null || true
    /usr/sbin/iptables-save > "$RULES_FILE"
    chmod 0640 "$RULES_FILE"
    log "saved ruleset to ${RULES_FILE}"
fi

$DRY_RUN || "$IPT" -w 5 -n -v -L "$CHAIN" --line-numbers
