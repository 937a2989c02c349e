#!/usr/bin/env bash
# green_bookings_site_preview.sh - build the rink booking calendar pages and
# serve them so the greens committee can check them before they go live.
#
# Builds into ./build (feeds + HTML calendar) from the latest booking export,
# then serves ./build on the clubhouse Wi-Fi so committee members can open it
# on their phones at http://<this laptop>:PORT/.  Ctrl-C stops the preview.
#
# Usage: green_bookings_site_preview.sh [-x bookings.json] [-s season] [-p port]

set -euo pipefail

EXPORT="./bookings.json"
SEASON="$(date +%Y)"
BUILD="./build"
PORT=8080

info() { echo "[preview] $*"; }
die()  { echo "[preview] error: $*" >&2; exit 1; }

while getopts "x:s:p:h" opt; do
    case "$opt" in
        x) EXPORT="$OPTARG" ;;
        s) SEASON="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

[[ -f "$EXPORT" ]] || die "booking export $EXPORT not found"

build_site() {
    info "building season $SEASON from $EXPORT"
    rm -rf "$BUILD"
    mkdir -p "$BUILD/feeds"
    python3 ./green_booking_feeds.py "$EXPORT" --season "$SEASON" --out "$BUILD/feeds"
    python3 ./render_calendar_pages.py --feeds "$BUILD/feeds" --out "$BUILD" \
        --title "Riverside Bowls - Green bookings $SEASON (PREVIEW)"
    cp -r ./static "$BUILD/static"
    local pages
    pages=$(find "$BUILD" -name '*.html' | wc -l)
    (( pages > 0 )) || die "build produced no pages"
    info "built $pages pages"
}

lan_address() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

serve() {
    local addr
    addr="$(lan_address)"
    info "preview at http://${addr:-localhost}:$PORT/  (Ctrl-C to stop)"
    python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$BUILD"
}

build_site
serve
