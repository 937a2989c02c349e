#!/bin/sh
# kiosk_profile_reset.sh -- nightly reset for the snooker table booking kiosk.
#
# The lobby kiosk runs Chromium full-screen on the table booking page under
# the kiosk account. Members log in to book tables, so every night after
# closing we clear the browser profile, downloads and any stray files left
# behind, then restore the kiosk's launcher so the screen comes back clean
# in the morning.
#
# Run from the kiosk account's crontab or the closing-up checklist:
#   kiosk_profile_reset.sh [-n] [-q]

set -u

DRY_RUN=0
QUIET=0
KEEP_MARKER=".kiosk-keep"
LAUNCHER_SRC="/opt/hall-kiosk/launcher.desktop"
RESET_LOG="${RESET_LOG:-./kiosk-reset.log}"

while getopts "nq" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-n] [-q]" >&2; exit 2 ;;
    esac
done

say() {
    [ "$QUIET" -eq 1 ] || echo "$*"
    echo "$(date '+%F %T') $*" >> "$RESET_LOG"
}

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would run: $*"
    else
        "$@"
    fi
}

stop_browser() {
    for name in chromium chromium-browser google-chrome; do
        if pgrep -u "$(id -u)" -x "$name" >/dev/null 2>&1; then
            say "stopping $name"
            run pkill -u "$(id -u)" -x "$name"
        fi
    done
    sleep 2
}

clear_browser() {
    for d in "$HOME/.config/chromium" "$HOME/.cache/chromium" \
             "$HOME/.config/google-chrome" "$HOME/.cache/google-chrome"; do
        [ -d "$d" ] && run rm -rf "$d"
    done
    [ -d "$HOME/Downloads" ] && run find "$HOME/Downloads" -mindepth 1 -delete
}

# Anything a member might have left behind (saved PDFs, screenshots, etc.)
# lives somewhere under the profile root; sweep it except for the marker.
sweep_profile() {
    root="${KIOSK_PROFILE_ROOT:-$HOME}"
    [ -d "$root" ] || return 0
    say "sweeping $root"
    run find "$root" -mindepth 1 -maxdepth 1 ! -name "$KEEP_MARKER" \
        -exec rm -rf {} +
}

restore_launcher() {
    if [ -f "$LAUNCHER_SRC" ]; then
        run mkdir -p "$HOME/.local/share/applications"
        run cp "$LAUNCHER_SRC" "$HOME/.local/share/applications/"
    fi
}

say "kiosk reset starting (dry-run=$DRY_RUN)"
stop_browser
clear_browser
sweep_profile
restore_launcher
say "kiosk reset finished"
exit 0
