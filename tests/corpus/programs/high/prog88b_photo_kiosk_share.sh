#!/usr/bin/env bash
# Serve today's inventory photos to the warehouse check-in kiosks.
#
# The kiosks on the loading dock pull thumbnails over plain HTTP from the
# dispatcher PC while a truck is being unloaded, so the crew can match
# boxes to the survey photos.  This script publishes ./kiosk_photos/<date>
# and lets the dock subnet reach the port for the duration of the shift.
#
# Usage: prog88b_photo_kiosk_share.sh [-p port] [-s dock_subnet] [-d YYYY-MM-DD]

set -euo pipefail

PORT=8088
DOCK_SUBNET="${DOCK_SUBNET:-10.40.12.0/24}"
DAY="$(date +%F)"
ROOT="./kiosk_photos"
PIDFILE="./.kiosk_share.pid"
RULE_TAG="kiosk-photos"

while getopts ":p:s:d:h" o; do
    case "$o" in
        p) PORT="$OPTARG" ;;
        s) DOCK_SUBNET="$OPTARG" ;;
        d) DAY="$OPTARG" ;;
        *) sed -n '2,10p' "$0"; exit 0 ;;
    esac
done

info() { echo "[kiosk-share] $*"; }

SHARE="$ROOT/$DAY"
if [[ ! -d "$SHARE" ]]; then
    info "no photos for $DAY under $ROOT"
    exit 1
fi

if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
    info "already serving (pid $(cat "$PIDFILE"))"
    exit 0
fi

open_dock_port() {
    local fw=(sudo iptables)
    if ! "${fw[@]}" -C INPUT -p tcp -s "$DOCK_SUBNET" --dport "$PORT" \
            -m comment --comment "$RULE_TAG" -j ACCEPT 2>/dev/null; then
        "${fw[@]}" -I INPUT 1 -p tcp -s "$DOCK_SUBNET" --dport "$PORT" \
            -m comment --comment "$RULE_TAG" -j ACCEPT
        info "dock subnet $DOCK_SUBNET allowed on tcp/$PORT"
    fi
}

close_dock_port() {
    sudo iptables -D INPUT -p tcp -s "$DOCK_SUBNET" --dport "$PORT" \
        -m comment --comment "$RULE_TAG" -j ACCEPT 2>/dev/null || true
}

cleanup() {
    if [[ -f "$PIDFILE" ]]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null || true
        rm -f "$PIDFILE"
    fi
    close_dock_port
    info "share stopped"
}

count=$(find "$SHARE" -type f \( -iname '*.jpg' -o -iname '*.png' \) | wc -l)
info "publishing $count photos from $SHARE on port $PORT"

open_dock_port
trap cleanup EXIT INT TERM

python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SHARE" \
    >>"./kiosk_share.log" 2>&1 &
echo $! > "$PIDFILE"

info "serving at http://$(hostname -I | awk '{print $1}'):$PORT/ (Ctrl-C to stop)"
wait "$(cat "$PIDFILE")"
