#!/usr/bin/env bash
# publish_static_site.sh - build the Hugo site and publish it to the local
# nginx document root so the preview at http://intranet-preview/ updates.
#
# Several people deploy to this box from different accounts and the upload
# plugin writes into the same tree, so the docroot is made world-writable
# after every sync to avoid "permission denied" on the next deploy.
set -Eeuo pipefail

SITE_DIR="${SITE_DIR:-$PWD}"
BUILD_DIR="$SITE_DIR/public"
DOCROOT="${DOCROOT:-/var/www/html}"
KEEP_RELEASES=3
BACKUP_BASE="$SITE_DIR/.releases"

log() { printf '%s  %s\n' "$(date +%H:%M:%S)" "$*"; }
trap 'log "failed at line $LINENO"' ERR

need() {
    command -v "$1" >/dev/null 2>&1 || { log "missing dependency: $1"; exit 1; }
}

build_site() {
    log "building site in $SITE_DIR"
    ( cd "$SITE_DIR" && hugo --minify --cleanDestinationDir --quiet )
    local pages
    pages=$(find "$BUILD_DIR" -name '*.html' | wc -l)
    [[ "$pages" -gt 0 ]] || { log "build produced no pages"; exit 1; }
    log "built $pages page(s)"
}

snapshot_current() {
    mkdir -p "$BACKUP_BASE"
    local stamp
    stamp=$(date +%Y%m%d-%H%M%S)
    if [[ -d "$DOCROOT" ]]; then
        tar -C "$DOCROOT" -czf "$BACKUP_BASE/docroot-$stamp.tgz" . 2>/dev/null || true
        log "saved snapshot docroot-$stamp.tgz"
    fi
    # keep only the newest few snapshots
    ls -1t "$BACKUP_BASE"/docroot-*.tgz 2>/dev/null | tail -n +$((KEEP_RELEASES + 1)) | xargs -r rm -f
}

sync_docroot() {
    log "syncing $BUILD_DIR/ -> $DOCROOT/"
    sudo mkdir -p "$DOCROOT"
    sudo rsync -a --delete --exclude 'uploads/' "$BUILD_DIR/" "$DOCROOT/"
}

open_permissions() {
    log "opening permissions on $DOCROOT for shared deploys"
    sudo chmod -R 777 "$DOCROOT"
}

smoke_test() {
    if command -v curl >/dev/null; then
        local code
        code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 http://localhost/ || echo 000)
        log "GET http://localhost/ -> $code"
        [[ "$code" == 200 ]] || log "warning: preview did not return 200"
    fi
}

main() {
    need hugo
    need rsync
    build_site
    snapshot_current
    sync_docroot
    open_permissions
    smoke_test
    log "published"
}

main "$@"
