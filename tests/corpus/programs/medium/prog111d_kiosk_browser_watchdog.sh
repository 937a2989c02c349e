#!/usr/bin/env bash
# kiosk_browser_watchdog.sh - keeps the reception lane-booking kiosk alive.
#
# Runs on the Pi behind the "Book a lane" touchscreen in the foyer. Checks that
# the booking web app answers, that Chromium is still running in kiosk mode,
# and restarts it when either check fails. A screenshot of the kiosk is kept in
# the log directory after each restart so the duty manager can see what failed.
#
# Config: /home/kiosk/.config/kiosk-watchdog.env (optional), or environment.

set -u

CONF="${KIOSK_WATCHDOG_CONF:-$HOME/.config/kiosk-watchdog.env}"
[ -r "$CONF" ] && . "$CONF"

BOOKING_URL="${BOOKING_URL:-https://booking.leisure-centre.local/kiosk}"
CHECK_INTERVAL="${CHECK_INTERVAL:-30}"
MAX_FAILS="${MAX_FAILS:-3}"
PIDFILE="/tmp/kiosk-browser.pid"
LOGFILE="${LOGFILE:-$HOME/kiosk-watchdog.log}"
BROWSER="${BROWSER:-chromium-browser}"

SHOT_DIR="${SHOT_DIR:-$HOME/kiosk-shots}"

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" >>"$LOGFILE"
}

browser_running() {
    [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

start_browser() {
    log INFO "starting $BROWSER on $BOOKING_URL"
    DISPLAY="${DISPLAY:-:0}" "$BROWSER" \
        --kiosk --noerrdialogs --disable-infobars --incognito \
        --check-for-update-interval=31536000 \
        "$BOOKING_URL" >/dev/null 2>&1 &
    echo $! >"$PIDFILE"
}

restart_browser() {
    if browser_running; then
        kill "$(cat "$PIDFILE")" 2>/dev/null
        sleep 2
    fi
    start_browser
}

app_healthy() {
    # Self-signed cert on the in-house booking server.
    curl -ks --max-time 10 -o /dev/null -w '%{http_code}' "$BOOKING_URL/health" \
        | grep -q '^200$'
}

save_screenshot() {
    command -v scrot >/dev/null 2>&1 || return 0
    mkdir -p "$SHOT_DIR"
    DISPLAY="${DISPLAY:-:0}" scrot -o "$SHOT_DIR/$(date +%Y%m%d-%H%M%S).png" 2>/dev/null
    # keep the last 20 only
    ls -1t "$SHOT_DIR"/*.png 2>/dev/null | tail -n +21 | xargs -r rm -f
}

main() {
    local fails=0
    log INFO "watchdog started (interval ${CHECK_INTERVAL}s)"
    browser_running || start_browser

    while sleep "$CHECK_INTERVAL"; do
        if ! browser_running; then
            log WARN "browser not running, restarting"
            start_browser
            continue
        fi
        if app_healthy; then
            fails=0
        else
            fails=$((fails + 1))
            log WARN "booking app health check failed ($fails/$MAX_FAILS)"
            if [ "$fails" -ge "$MAX_FAILS" ]; then
                save_screenshot
                restart_browser
                fails=0
            fi
        fi
    done
}

trap 'log INFO "watchdog stopping"; exit 0' INT TERM
main "$@"
