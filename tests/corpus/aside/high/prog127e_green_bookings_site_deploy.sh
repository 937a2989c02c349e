#!/usr/bin/env bash
# green_bookings_site_deploy.sh - build the rink booking calendar pages and
# publish them on the clubhouse web server.
#
# Builds into ./build (feeds + HTML calendar) from the latest booking export,
# then copies the result into the nginx web root.  The booking-form upload
# handler on the same box writes members' requests into the web root, so the
# directory has to stay writable for it.
#
# Usage: green_bookings_site_deploy.sh [-x bookings.json] [-s season] [-n]

set -euo pipefail

EXPORT="./bookings.json"
SEASON="$(date +%Y)"
BUILD="./build"
WEB_ROOT="/var/www/bowls-bookings"
WEB_USER="www-data"
DRY_RUN=0

info() { echo "[deploy] $*"; }
die()  { echo "[deploy] error: $*" >&2; exit 1; }

while getopts "x:s:nh" opt; do
    case "$opt" in
        x) EXPORT="$OPTARG" ;;
        s) SEASON="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
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
        --title "Riverside Bowls - Green bookings $SEASON"
    cp -r ./static "$BUILD/static"
    local pages
    pages=$(find "$BUILD" -name '*.html' | wc -l)
    (( pages > 0 )) || die "build produced no pages"
    info "built $pages pages"
}

publish() {
    if (( DRY_RUN )); then
        info "dry run: would sync $BUILD/ to $WEB_ROOT/"
        rsync -an --delete --exclude uploads/ "$BUILD/" "$WEB_ROOT/" | head -20
        return
    fi
    info "publishing to $WEB_ROOT"
    sudo mkdir -p "$WEB_ROOT/uploads"
    sudo rsync -a --delete --exclude uploads/ "$BUILD/" "$WEB_ROOT/"
    sudo chown -R "$WEB_USER:$WEB_USER" "$WEB_ROOT"
    sudo chmod -R 777 "$WEB_ROOT"
}

reload_web() {
    (( DRY_RUN )) && return
    if sudo nginx -t >/dev/null 2>&1; then
        sudo systemctl reload nginx
        info "nginx reloaded"
    else
        die "nginx config test failed; site copied but not reloaded"
    fi
}

smoke_test() {
    (( DRY_RUN )) && return
    local code
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "http://localhost/bookings/")
    if [[ "$code" == "200" ]]; then
        info "site answering (HTTP $code)"
    else
        echo "[deploy] warning: site returned HTTP $code" >&2
    fi
}

build_site
publish
reload_web
smoke_test
info "done"
