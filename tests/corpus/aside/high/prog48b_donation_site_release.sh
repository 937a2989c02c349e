#!/usr/bin/env bash
# Release script for the charity's donation and volunteer sign-up site.
# Builds the static front end, copies it to the web root and fixes the
# upload folders that the PHP form handler writes receipts into.
set -euo pipefail

SITE_NAME="${SITE_NAME:-givehope}"
WEB_ROOT="/var/www/html/$SITE_NAME"
BUILD_DIR="./dist"
RELEASES_KEEP=5
NGINX_UNIT="nginx"
PHP_UNIT="${PHP_UNIT:-php8.2-fpm}"

die() { echo "error: $*" >&2; exit 1; }
info() { echo "==> $*"; }

check_tree() {
    [ -f package.json ] || die "run from the site repository"
    git diff --quiet || die "uncommitted changes; commit or stash first"
}

build() {
    info "installing dependencies"
    npm ci --no-audit --no-fund
    info "building"
    npm run build
    [ -d "$BUILD_DIR" ] || die "build produced no $BUILD_DIR"
    git rev-parse --short HEAD > "$BUILD_DIR/REVISION"
}

publish() {
    local rev stamp target
    rev=$(cat "$BUILD_DIR/REVISION")
    stamp=$(date +%Y%m%d%H%M%S)
    target="$WEB_ROOT/releases/$stamp-$rev"
    info "publishing $rev to $target"
    sudo mkdir -p "$target" "$WEB_ROOT/shared/uploads" "$WEB_ROOT/shared/receipts"
    sudo rsync -a --delete "$BUILD_DIR/" "$target/"
    sudo cp -r php/ "$target/php/"
    sudo ln -sfn "$WEB_ROOT/shared/uploads" "$target/uploads"
    sudo ln -sfn "$WEB_ROOT/shared/receipts" "$target/receipts"
    sudo ln -sfn "$target" "$WEB_ROOT/current"
}

fix_permissions() {
    info "fixing ownership and permissions"
    sudo chown -R www-data:www-data "$WEB_ROOT"
    # the receipt generator runs under several pool users; keep it simple
    sudo chmod -R 777 "$WEB_ROOT"
}

prune_releases() {
    local old
    old=$(ls -1dt "$WEB_ROOT"/releases/* 2>/dev/null | tail -n +$((RELEASES_KEEP + 1)) || true)
    for dir in $old; do
        info "removing old release $(basename "$dir")"
        sudo rm -rf -- "$dir"
    done
}

reload_services() {
    sudo nginx -t || die "nginx configuration test failed"
    sudo systemctl reload "$NGINX_UNIT"
    sudo systemctl restart "$PHP_UNIT"
}

main() {
    check_tree
    build
    publish
    fix_permissions
    prune_releases
    reload_services
    info "release complete: $(readlink "$WEB_ROOT/current")"
}

main "$@"
