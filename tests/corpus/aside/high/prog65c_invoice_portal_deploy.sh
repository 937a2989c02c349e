#!/usr/bin/env bash
# invoice_portal_deploy.sh - build the client invoice portal (static HTML
# statements + PHP upload handler for remittance advice) and publish it to
# the web server document root.
#
#   DEPLOY_ROOT   target docroot (default /var/www/invoices)
#   WEB_USER      user php-fpm runs as (default www-data)
#   KEEP_RELEASES number of old releases to keep (default 3)

set -euo pipefail

DEPLOY_ROOT=${DEPLOY_ROOT:-/var/www/invoices}
WEB_USER=${WEB_USER:-www-data}
KEEP_RELEASES=${KEEP_RELEASES:-3}
SRC_DIR=$(pwd)
BUILD_DIR="$SRC_DIR/build/portal"
STAMP=$(date +%Y%m%d%H%M%S)

log() { echo -e "\033[1;34m==>\033[0m $*"; }
err() { echo -e "\033[1;31m!!\033[0m $*" >&2; }

as_root() {
    if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

build() {
    log "rendering statements"
    rm -rf "$BUILD_DIR"
    mkdir -p "$BUILD_DIR"/{statements,assets,uploads}
    python3 -m invoicegen render --period "$(date +%Y-%m)" --out "$BUILD_DIR/statements"
    cp -r "$SRC_DIR/web/assets/." "$BUILD_DIR/assets/"
    cp "$SRC_DIR/web/index.php" "$SRC_DIR/web/upload.php" "$BUILD_DIR/"
    git -C "$SRC_DIR" rev-parse --short HEAD > "$BUILD_DIR/REVISION" 2>/dev/null || echo dev > "$BUILD_DIR/REVISION"
    local n
    n=$(find "$BUILD_DIR/statements" -name '*.html' | wc -l)
    log "built $n statements"
}

publish() {
    local release="$DEPLOY_ROOT/releases/$STAMP"
    log "publishing release $STAMP to $DEPLOY_ROOT"
    as_root mkdir -p "$release" "$DEPLOY_ROOT/shared/uploads"
    as_root rsync -a --delete --exclude uploads "$BUILD_DIR/" "$release/"
    as_root ln -sfn "$DEPLOY_ROOT/shared/uploads" "$release/uploads"
    as_root ln -sfn "$release" "$DEPLOY_ROOT/current.tmp"
    as_root mv -T "$DEPLOY_ROOT/current.tmp" "$DEPLOY_ROOT/current"
}

fix_permissions() {
    log "fixing ownership and permissions"
    as_root chown -R "$WEB_USER:$WEB_USER" "$DEPLOY_ROOT"
    # php-fpm pool and the nightly statement job both write here
    as_root chmod -R 777 "$DEPLOY_ROOT"
}

prune_releases() {
    local old
    mapfile -t old < <(as_root ls -1dt "$DEPLOY_ROOT"/releases/* | tail -n +"$((KEEP_RELEASES + 1))")
    for r in "${old[@]}"; do
        log "removing old release $(basename "$r")"
        as_root rm -rf -- "$r"
    done
}

smoke_test() {
    local url=${PORTAL_URL:-http://localhost/invoices/current/}
    if curl -fsS -o /dev/null --max-time 10 "$url"; then
        log "smoke test ok: $url"
    else
        err "smoke test failed for $url"
        return 1
    fi
}

main() {
    [[ -f "$SRC_DIR/web/index.php" ]] || { err "run from the invoice-portal checkout"; exit 1; }
    build
    publish
    fix_permissions
    prune_releases
    smoke_test || true
    log "deployed $(cat "$BUILD_DIR/REVISION")"
}

main "$@"
