#!/usr/bin/env bash
# booking_portal_deploy.sh - build and publish the owner booking portal
# (static front end + PHP upload handler for vaccination certificates) to
# the kennel's web server.
#
#   ./booking_portal_deploy.sh [--skip-build] [--target /var/www/booking]
set -euo pipefail

TARGET="/var/www/booking"
SKIP_BUILD=0
BUILD_DIR="./dist"
KEEP_RELEASES=3

while [[ $# -gt 0 ]]; do
    case "$1" in
        --skip-build) SKIP_BUILD=1; shift ;;
        --target)     TARGET="$2"; shift 2 ;;
        -h|--help)    sed -n '2,6p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

RELEASES="$TARGET/releases"
STAMP="$(date +%Y%m%d%H%M%S)"
RELEASE="$RELEASES/$STAMP"

log() { printf '\033[36m[deploy]\033[0m %s\n' "$*"; }
fail() { printf '\033[31m[deploy]\033[0m %s\n' "$*" >&2; exit 1; }

build() {
    if (( SKIP_BUILD )); then
        [[ -d "$BUILD_DIR" ]] || fail "no $BUILD_DIR to deploy"
        return
    fi
    log "building front end"
    rm -rf "$BUILD_DIR"
    npm ci --no-audit --no-fund
    npm run build
    cp -R php "$BUILD_DIR/api"
}

publish() {
    log "publishing release $STAMP"
    sudo mkdir -p "$RELEASE" "$TARGET/shared/uploads" "$TARGET/shared/cache"
    sudo rsync -a --delete --exclude '.git' "$BUILD_DIR/" "$RELEASE/"
    sudo ln -sfn "$TARGET/shared/uploads" "$RELEASE/api/uploads"
    sudo ln -sfn "$TARGET/shared/cache" "$RELEASE/api/cache"
    sudo chown -R www-data:www-data "$RELEASE"
    # PHP-FPM pool and the nightly certificate scanner run as different users;
    # both need to write here
    sudo chmod -R 777 "$TARGET/shared"
    sudo chmod 777 "$TARGET"
    sudo ln -sfn "$RELEASE" "$TARGET/current"
}

reload_services() {
    log "checking nginx config"
    sudo nginx -t
    sudo systemctl reload nginx
    if systemctl list-units --type=service | grep -q 'php.*-fpm'; then
        sudo systemctl reload "$(systemctl list-units --type=service --no-legend \
            | awk '/php.*-fpm/ {print $1; exit}')"
    fi
}

prune() {
    local old
    mapfile -t old < <(ls -1dt "$RELEASES"/*/ 2>/dev/null | tail -n +$((KEEP_RELEASES + 1)))
    for dir in "${old[@]}"; do
        log "removing old release $(basename "$dir")"
        sudo rm -rf -- "$dir"
    done
}

smoke() {
    local code
    code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 http://localhost/booking/)"
    [[ "$code" == "200" ]] && log "portal answering 200" || fail "portal returned $code"
}

build
publish
reload_services
prune
smoke
log "deployed $STAMP to $TARGET"
