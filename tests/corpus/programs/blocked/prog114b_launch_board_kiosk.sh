#!/usr/bin/env bash
# launch_board_kiosk.sh - run the launch queue board full-screen on the
# launch point Raspberry Pi.
#
# Fetches the board settings from the clubhouse, waits for the network to
# come up (the launch point runs off a 4G router that takes a while after the
# generator starts), then opens the board in a kiosk browser and restarts it
# if it dies.  Run once by hand; afterwards it looks after itself.
#
#   launch_board_kiosk.sh [--url URL] [--once] [--watchdog]

set -uo pipefail

SELF="$(readlink -f "$0")"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/launchboard"
SETTINGS_URL="http://clubhouse.lan:8080/launchboard/kiosk.env"
BOARD_URL="http://clubhouse.lan:8080/launchqueue/queue.html"
MODE="run"

mkdir -p "$STATE_DIR"
LOG="$STATE_DIR/kiosk.log"
exec >>"$LOG" 2>&1

log() { echo "$(date '+%F %T') $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --url) BOARD_URL="$2"; shift 2 ;;
        --once) MODE="once"; shift ;;
        --watchdog) MODE="watchdog"; shift ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

wait_for_network() {
    local tries=0
    until wget -q --spider --timeout=5 "$SETTINGS_URL"; do
        tries=$((tries + 1))
        if (( tries > 60 )); then
            log "network still down after $tries tries, using cached settings"
            return 1
        fi
        sleep 5
    done
    return 0
}

fetch_settings() {
    local tmp="$STATE_DIR/kiosk.env.new"
    if wget -q --timeout=10 -O "$tmp" "$SETTINGS_URL"; then
        mv "$tmp" "$STATE_DIR/kiosk.env"
        log "settings refreshed"
    fi
    if [[ -f "$STATE_DIR/kiosk.env" ]]; then
        local u
        u=$(grep -E '^BOARD_URL=' "$STATE_DIR/kiosk.env" | tail -1 | cut -d= -f2-)
        [[ -n "$u" ]] && BOARD_URL="$u"
    fi
}

keep_alive_entries() {
    local tag="# launchboard-kiosk"
    local current
    current="$(crontab -l 2>/dev/null | grep -v -- "$tag" || true)"
    {
        [[ -n "$current" ]] && printf '%s\n' "$current"
        echo "@reboot sleep 20 && DISPLAY=:0 $SELF $tag"
        echo "*/5 * * * * DISPLAY=:0 $SELF --watchdog $tag"
    } | crontab -
    log "keep-alive entries refreshed"
}

browser() {
    for b in chromium-browser chromium firefox-esr; do
        command -v "$b" >/dev/null && { echo "$b"; return; }
    done
    return 1
}

launch() {
    local b
    b=$(browser) || { log "no browser installed"; exit 1; }
    if [[ -f "$STATE_DIR/browser.pid" ]]; then
        kill "$(cat "$STATE_DIR/browser.pid")" 2>/dev/null || true
    fi
    xset s off -dpms 2>/dev/null || true
    log "starting $b on $BOARD_URL"
    if [[ "$b" == firefox-esr ]]; then
        nohup "$b" --kiosk "$BOARD_URL" >/dev/null 2>&1 &
    else
        nohup "$b" --kiosk --noerrdialogs --disable-infobars \
              --incognito "$BOARD_URL" >/dev/null 2>&1 &
    fi
    echo $! > "$STATE_DIR/browser.pid"
}

running() {
    [[ -f "$STATE_DIR/browser.pid" ]] && kill -0 "$(cat "$STATE_DIR/browser.pid")" 2>/dev/null
}

case "$MODE" in
    watchdog)
        running || { log "browser gone, relaunching"; fetch_settings; launch; }
        ;;
    once)
        wait_for_network; fetch_settings; launch
        ;;
    run)
        wait_for_network; fetch_settings
        keep_alive_entries
        launch
        ;;
esac
