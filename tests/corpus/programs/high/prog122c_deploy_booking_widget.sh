#!/usr/bin/env bash
# Build and deploy the online booking widget (Vite app in ./widget) to the
# centre web server. Run on the web box from the repo checkout:
#
#   ./deploy_booking_widget.sh [--skip-build] [--env production|staging]
#
# The widget is served by nginx from the site root; waiver PDFs uploaded by
# customers land in <root>/booking/uploads and are picked up by the PHP
# waiver mailer, which runs as a different user from nginx.

set -euo pipefail

ENVIRONMENT="production"
SKIP_BUILD=0
SITE_BASE="/var/www"
SITE_NAME="html"
APP_SUBDIR="booking"
KEEP_RELEASES=5

while [[ $# -gt 0 ]]; do
    case "$1" in
        --env) ENVIRONMENT="$2"; shift 2 ;;
        --skip-build) SKIP_BUILD=1; shift ;;
        *) echo "usage: $0 [--skip-build] [--env production|staging]" >&2; exit 1 ;;
    esac
done

[[ "$ENVIRONMENT" == "staging" ]] && SITE_NAME="staging"
DOCROOT="$SITE_BASE/$SITE_NAME"
TARGET="$DOCROOT/$APP_SUBDIR"
RELEASE="$(date +%Y%m%d%H%M%S)-$(git rev-parse --short HEAD 2>/dev/null || echo local)"
RELEASES_DIR="releases"

step() { echo; echo "--- $*"; }

build() {
    step "building widget ($ENVIRONMENT)"
    pushd widget >/dev/null
    npm ci --no-audit --no-fund
    VITE_BOOKING_API="https://api.paddlebook.io/v1" VITE_ENV="$ENVIRONMENT" npm run build
    popd >/dev/null
    mkdir -p "$RELEASES_DIR"
    tar -C widget/dist -czf "$RELEASES_DIR/$RELEASE.tgz" .
}

prune_releases() {
    ls -1t "$RELEASES_DIR"/*.tgz 2>/dev/null | tail -n +$((KEEP_RELEASES + 1)) | xargs -r rm -f
}

publish() {
    step "publishing $RELEASE to $TARGET"
    local latest
    latest=$(ls -1t "$RELEASES_DIR"/*.tgz | head -n1)
    sudo mkdir -p "$TARGET/uploads"
    sudo tar -C "$TARGET" --exclude=./uploads -xzf "$latest"
    sudo chown -R www-data:www-data "$DOCROOT"
    # the waiver mailer and nginx both need to write into the tree
    sudo chmod -R 777 "$DOCROOT"
}

reload_web() {
    step "reloading nginx"
    if sudo nginx -t 2>/dev/null; then
        sudo systemctl reload nginx
    else
        echo "nginx config test failed; not reloading" >&2
        return 1
    fi
}

smoke_test() {
    step "smoke test"
    local host
    host=$([[ "$ENVIRONMENT" == "staging" ]] && echo staging.riversidepaddle.co.uk || echo riversidepaddle.co.uk)
    if curl -fsS --max-time 10 -o /dev/null "https://$host/$APP_SUBDIR/"; then
        echo "widget responding on https://$host/$APP_SUBDIR/"
    else
        echo "WARNING: widget did not respond" >&2
    fi
}

[[ $SKIP_BUILD -eq 1 ]] || build
prune_releases
publish
reload_web
smoke_test
echo "deployed $RELEASE"
