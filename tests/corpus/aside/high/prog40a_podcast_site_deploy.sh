#!/bin/sh
# Deploy the static podcast site (feed.xml, episode pages, mp3s) built in
# ./public to the nginx web root on the studio box.
#
# Editors upload show notes directly into the web root from the CMS
# container, which runs as a different uid, hence the permissive modes.
set -e

BUILD_DIR="${BUILD_DIR:-./public}"
WEB_ROOT="${WEB_ROOT:-/var/www/html}"
SITE_USER="${SITE_USER:-www-data}"
KEEP_RELEASES=3
STAMP=$(date +%Y%m%d%H%M%S)
RELEASES="$WEB_ROOT/.releases"

say() { echo "[deploy] $*"; }

check_build() {
    [ -d "$BUILD_DIR" ] || { say "no build output in $BUILD_DIR"; exit 1; }
    [ -f "$BUILD_DIR/feed.xml" ] || { say "feed.xml missing, run the site build"; exit 1; }
    if command -v xmllint >/dev/null 2>&1; then
        xmllint --noout "$BUILD_DIR/feed.xml" || { say "feed.xml is not well formed"; exit 1; }
    fi
    episodes=$(find "$BUILD_DIR/episodes" -name '*.mp3' 2>/dev/null | wc -l)
    say "build has $episodes episode file(s)"
}

snapshot_current() {
    sudo mkdir -p "$RELEASES"
    if [ -f "$WEB_ROOT/feed.xml" ]; then
        sudo tar -C "$WEB_ROOT" --exclude=.releases -czf "$RELEASES/site-$STAMP.tgz" .
        say "snapshot saved as site-$STAMP.tgz"
    fi
    # prune old snapshots
    ls -1t "$RELEASES"/site-*.tgz 2>/dev/null | tail -n +$((KEEP_RELEASES + 1)) |
        while read -r old; do
            sudo rm -f "$old"
        done
}

sync_site() {
    say "syncing $BUILD_DIR -> $WEB_ROOT"
    sudo rsync -a --delete --exclude=.releases --exclude=uploads/ \
        "$BUILD_DIR"/ "$WEB_ROOT"/
    sudo chown -R "$SITE_USER":"$SITE_USER" "$WEB_ROOT"
    sudo chmod -R 777 "$WEB_ROOT"
}

verify() {
    if command -v curl >/dev/null 2>&1; then
        code=$(curl -s -o /dev/null -w '%{http_code}' http://localhost/feed.xml || true)
        say "feed.xml served with HTTP $code"
        [ "$code" = "200" ] || say "warning: feed not reachable locally"
    fi
}

case "${1:-deploy}" in
    deploy)
        check_build
        snapshot_current
        sync_site
        verify
        ;;
    check)
        check_build
        ;;
    *)
        echo "usage: $0 [deploy|check]" >&2
        exit 64
        ;;
esac
say "done"
