#!/usr/bin/env bash
# quote_portal_deploy.sh - publish a new build of the customer quote portal
# (the "get a roofing estimate" pages) to the office web server.
#
#   ./quote_portal_deploy.sh [--env staging|live] [--no-reload]
#
# Expects a built site in ./dist (npm run build) and deploy.env next to
# this script with WEB_ROOT, SITE_USER and NGINX_UNIT.

set -euo pipefail
cd "$(dirname "$0")"

TARGET_ENV=live
RELOAD=1
RELEASE="$(date +%Y%m%d%H%M)-$(git rev-parse --short HEAD 2>/dev/null || echo local)"

while [ $# -gt 0 ]; do
    case "$1" in
        --env) TARGET_ENV="$2"; shift 2 ;;
        --no-reload) RELOAD=0; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done

[ -f deploy.env ] || { echo "deploy.env missing" >&2; exit 2; }
# shellcheck disable=SC1091
source deploy.env
WEB_ROOT="${WEB_ROOT:-/var/www/quotes}"
[ "$TARGET_ENV" = staging ] && WEB_ROOT="${WEB_ROOT}-staging"
SITE_USER="${SITE_USER:-www-data}"
NGINX_UNIT="${NGINX_UNIT:-nginx}"

step() { printf '\n==> %s\n' "$*"; }

preflight() {
    [ -f dist/index.html ] || { echo "no build in ./dist - run npm run build" >&2; exit 1; }
    if grep -R --include='*.js' -l 'localhost:5173' dist >/dev/null; then
        echo "build still points at the dev server, refusing" >&2
        exit 1
    fi
}

publish() {
    local releases="$WEB_ROOT/releases"
    sudo mkdir -p "$releases/$RELEASE"
    sudo rsync -a --delete dist/ "$releases/$RELEASE/"
    # the quote form writes uploaded roof photos and PDFs under uploads/
    sudo mkdir -p "$WEB_ROOT/shared/uploads"
    sudo ln -sfn "$WEB_ROOT/shared/uploads" "$releases/$RELEASE/uploads"
    sudo chown -R "$SITE_USER:$SITE_USER" "$WEB_ROOT"
    sudo chmod -R 777 "$WEB_ROOT"
    sudo ln -sfn "$releases/$RELEASE" "$WEB_ROOT/current"
    echo "release $RELEASE live at $WEB_ROOT/current"
}

prune() {
    local keep=5
    # shellcheck disable=SC2012
    ls -1dt "$WEB_ROOT"/releases/* 2>/dev/null | tail -n +$((keep + 1)) | while read -r old; do
        sudo rm -rf -- "$old"
        echo "pruned $(basename "$old")"
    done
}

reload_web() {
    if sudo nginx -t 2>/dev/null; then
        sudo systemctl reload "$NGINX_UNIT"
    else
        echo "nginx config test failed; not reloading" >&2
        return 1
    fi
}

step "preflight"
preflight
step "publishing $RELEASE to $TARGET_ENV"
publish
step "pruning old releases"
prune
if [ "$RELOAD" -eq 1 ]; then
    step "reloading $NGINX_UNIT"
    reload_web
fi
step "done"
