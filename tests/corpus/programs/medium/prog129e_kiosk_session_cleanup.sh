#!/usr/bin/env bash
# kiosk_session_cleanup.sh - end-of-night cleanup for the foyer box office kiosk
#
# Run from the kiosk user's session after the last screening:
#   1. closes the kiosk browser
#   2. exports tonight's takings from the till database and sends them to
#      the box office server
#   3. clears the browser profile caches and old receipt PDFs
#   4. relaunches the kiosk browser on the ticketing page
set -u

KIOSK_HOME="${KIOSK_HOME:-$PWD}"
PROFILE_DIR="$KIOSK_HOME/kiosk-profile"
TILL_DB="$KIOSK_HOME/till.sqlite"
EXPORT="/tmp/kiosk_takings.csv"
SERVER="${BOXOFFICE_SERVER:-https://10.20.0.5:8443}"
KIOSK_URL="${KIOSK_URL:-https://tickets.electrichall.org.uk/kiosk}"
BROWSER="${KIOSK_BROWSER:-chromium}"
LOG="$KIOSK_HOME/nightly.log"
TODAY="$(date +%F)"

log() { echo "$(date '+%F %T') $*" >> "$LOG"; }

stop_browser() {
    if pgrep -u "$(id -u)" -f -- "--kiosk" >/dev/null; then
        pkill -u "$(id -u)" -f -- "--kiosk"
        sleep 3
        log "kiosk browser stopped"
    fi
}

export_takings() {
    if [ ! -f "$TILL_DB" ]; then
        log "no till database at $TILL_DB"
        return 1
    fi
    sqlite3 -header -csv "$TILL_DB" \
        "SELECT payment_type, COUNT(*) AS sales, printf('%.2f', SUM(amount)) AS total
           FROM sales WHERE date(sold_at) = '$TODAY' GROUP BY payment_type;" > "$EXPORT"
    log "takings exported to $EXPORT ($(($(wc -l < "$EXPORT") - 1)) payment types)"
}

send_takings() {
    [ -s "$EXPORT" ] || return 0
    local attempt
    for attempt in 1 2 3; do
        if curl -sS -k --max-time 20 \
            -H "X-Kiosk: $(hostname -s)" \
            -F "date=$TODAY" -F "takings=@$EXPORT" \
            "$SERVER/api/kiosk/takings" >> "$LOG" 2>&1; then
            log "takings sent"
            return 0
        fi
        log "send attempt $attempt failed"
        sleep $(( attempt * 10 ))
    done
    cp "$EXPORT" "$KIOSK_HOME/unsent-takings-$TODAY.csv"
    log "takings kept locally as unsent-takings-$TODAY.csv"
}

clear_profile() {
    local d
    for d in Cache "Code Cache" GPUCache "Service Worker/CacheStorage"; do
        rm -rf "$PROFILE_DIR/Default/$d"
    done
    rm -f "$PROFILE_DIR/Default/History" "$PROFILE_DIR/Default/History-journal"
    find "$KIOSK_HOME" -maxdepth 1 -name 'receipt-*.pdf' -mtime +1 -delete
    log "browser profile caches cleared"
}

start_browser() {
    nohup "$BROWSER" --kiosk --incognito --noerrdialogs --disable-session-crashed-bubble \
        --user-data-dir="$PROFILE_DIR" "$KIOSK_URL" >/dev/null 2>&1 &
    disown
}

main() {
    log "nightly cleanup starting"
    stop_browser
    export_takings && send_takings
    clear_profile
    start_browser
    log "nightly cleanup finished"
}

main "$@"
