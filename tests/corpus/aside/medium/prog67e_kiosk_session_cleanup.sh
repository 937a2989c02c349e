#!/bin/sh
# kiosk_session_cleanup.sh - reset the public catalogue kiosk between patrons.
#
# Called by xautolock after 5 idle minutes and from the "End session"
# button.  Closes the browser, replaces the Firefox profile with the clean
# template, pulls the current start page / allowed-sites policy from the
# branch config server and relaunches the browser in kiosk mode.
#
# Environment overrides: KIOSK_TEMPLATE, KIOSK_CONFIG_URL, KIOSK_BRANCH

set -eu

KIOSK_HOME="${HOME}"
PROFILE_DIR="${KIOSK_HOME}/.mozilla/firefox/kiosk.default"
TEMPLATE="${KIOSK_TEMPLATE:-/opt/opac-kiosk/profile-template}"
CONFIG_URL="${KIOSK_CONFIG_URL:-https://kioskcfg.branch.local/policy}"
BRANCH="${KIOSK_BRANCH:-main}"
LOCK_FILE="/tmp/kiosk-reset.lock"
STATE_FILE="/tmp/kiosk-session.state"
LOG_FILE="${KIOSK_HOME}/.cache/kiosk-reset.log"

mkdir -p "$(dirname "$LOG_FILE")"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG_FILE"
}

close_browser() {
    if pgrep -u "$(id -u)" -x firefox >/dev/null 2>&1; then
        pkill -TERM -u "$(id -u)" -x firefox || true
        i=0
        while pgrep -u "$(id -u)" -x firefox >/dev/null 2>&1 && [ "$i" -lt 10 ]; do
            sleep 1
            i=$((i + 1))
        done
        pkill -KILL -u "$(id -u)" -x firefox 2>/dev/null || true
    fi
}

restore_profile() {
    if [ ! -d "$TEMPLATE" ]; then
        log "template $TEMPLATE missing, leaving profile in place"
        return 1
    fi
    rm -rf "$PROFILE_DIR"
    mkdir -p "$PROFILE_DIR"
    cp -a "$TEMPLATE/." "$PROFILE_DIR/"
    log "profile restored from $TEMPLATE"
}

fetch_policy() {
    # the config server uses the branch's internal certificate
    policy=$(curl -sk --max-time 10 "${CONFIG_URL}?branch=${BRANCH}") || {
        log "policy fetch failed, using template defaults"
        return 0
    }
    start_page=$(printf '%s\n' "$policy" | sed -n 's/^start_page=//p' | head -n1)
    if [ -n "$start_page" ]; then
        printf 'user_pref("browser.startup.homepage", "%s");\n' "$start_page" \
            >> "$PROFILE_DIR/user.js"
        log "start page set to $start_page"
    fi
}

record_state() {
    {
        echo "last_reset=$(date +%s)"
        echo "branch=$BRANCH"
        echo "host=$(hostname)"
    } > "$STATE_FILE"
}

launch_browser() {
    if [ -n "${DISPLAY:-}" ]; then
        nohup firefox --kiosk --profile "$PROFILE_DIR" >/dev/null 2>&1 &
        log "browser relaunched (pid $!)"
    fi
}

main() {
    exec 9>"$LOCK_FILE"
    if ! flock -n 9; then
        log "reset already running"
        exit 0
    fi
    log "session reset starting"
    close_browser
    restore_profile || true
    fetch_policy
    record_state
    launch_browser
    log "session reset complete"
}

main "$@"
