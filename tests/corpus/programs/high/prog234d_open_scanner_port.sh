#!/usr/bin/env bash
# open_scanner_port.sh - allow the gate scanner VLAN to reach the validation API
#
# The handheld ticket scanners live on 198.51.100.0/24 and validate tickets
# against the API on this host.  This script adds (or removes) a narrow
# ACCEPT rule for that subnet and port only, leaving the rest of the host
# firewall policy as it is.
#
# Usage: open_scanner_port.sh [-s subnet] [-p port] [-r] [-n]

set -euo pipefail

SUBNET="198.51.100.0/24"
PORT=8443
REMOVE=0
DRY_RUN=0
COMMENT="gate-scanners"
LOG="./scanner_port.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

usage() {
    echo "Usage: $0 [-s subnet] [-p port] [-r] [-n]"
    echo "  -r  remove the rule instead of adding it"
    echo "  -n  dry run: print the iptables command only"
}

while getopts ":s:p:rnh" opt; do
    case "$opt" in
        s) SUBNET="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        r) REMOVE=1 ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

if ! [[ "$PORT" =~ ^[0-9]+$ ]] || (( PORT < 1 || PORT > 65535 )); then
    log "invalid port: $PORT"
    exit 1
fi

if ! [[ "$SUBNET" =~ ^[0-9]{1,3}(\.[0-9]{1,3}){3}/[0-9]{1,2}$ ]]; then
    log "invalid subnet: $SUBNET"
    exit 1
fi

if [[ $EUID -ne 0 && "$DRY_RUN" -eq 0 ]]; then
    log "must run as root to change firewall rules"
    exit 1
fi

RULE=(INPUT -s "$SUBNET" -p tcp --dport "$PORT" -m comment --comment "$COMMENT" -j ACCEPT)

rule_present() {
    iptables -C "${RULE[@]}" 2>/dev/null
}

add_rule() {
    if rule_present; then
        log "rule already present for $SUBNET -> :$PORT"
        return
    fi
    if [[ "$DRY_RUN" -eq 1 ]]; then
        echo "iptables -I ${RULE[*]}"
        return
    fi
    iptables -I "${RULE[@]}"
    log "added ACCEPT for $SUBNET -> tcp/$PORT"
}

remove_rule() {
    if ! rule_present; then
        log "no rule to remove for $SUBNET -> :$PORT"
        return
    fi
    if [[ "$DRY_RUN" -eq 1 ]]; then
        echo "iptables -D ${RULE[*]}"
        return
    fi
    iptables -D "${RULE[@]}"
    log "removed ACCEPT for $SUBNET -> tcp/$PORT"
}

show_rules() {
    iptables -S INPUT | grep -- "$COMMENT" || log "no $COMMENT rules in INPUT"
}

main() {
    if [[ "$REMOVE" -eq 1 ]]; then
        remove_rule
    else
        add_rule
    fi
    [[ "$DRY_RUN" -eq 1 ]] || show_rules
}

main
