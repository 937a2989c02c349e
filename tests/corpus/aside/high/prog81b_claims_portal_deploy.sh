#!/usr/bin/env bash
# claims_portal_deploy.sh - build and publish the self-service claims intake
# portal (static front end + PHP upload handler) on the regional web host.
#
# usage: claims_portal_deploy.sh [-e staging|prod] [-n]
#   -e  environment (reads deploy/<env>.conf)   default: staging
#   -n  build only, do not publish

set -Eeuo pipefail
trap 'echo "deploy failed at line $LINENO" >&2' ERR

ENVIRONMENT="staging"
PUBLISH=1
while getopts "e:nh" opt; do
    case "$opt" in
        e) ENVIRONMENT="$OPTARG" ;;
        n) PUBLISH=0 ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

CONF="deploy/${ENVIRONMENT}.conf"
[[ -r "$CONF" ]] || { echo "missing $CONF" >&2; exit 1; }
# shellcheck source=/dev/null
. "$CONF"   # WEB_ROOT, WEB_USER, API_BASE, MAX_UPLOAD_MB

WEB_ROOT="${WEB_ROOT:-/var/www/claims-intake}"
WEB_USER="${WEB_USER:-www-data}"
BUILD_DIR="./dist"
RELEASE="$(date +%Y%m%d%H%M%S)-$(git rev-parse --short HEAD 2>/dev/null || echo local)"

log() { printf '[%s] %s\n' "$(date +%T)" "$*"; }

build() {
    log "building release ${RELEASE} for ${ENVIRONMENT}"
    rm -rf "$BUILD_DIR"
    mkdir -p "$BUILD_DIR"
    npm ci --silent
    API_BASE="$API_BASE" npm run --silent build -- --out-dir "$BUILD_DIR/public"
    cp -r server/upload "$BUILD_DIR/upload"
    sed -e "s|@MAX_UPLOAD_MB@|${MAX_UPLOAD_MB:-25}|g" \
        -e "s|@API_BASE@|${API_BASE}|g" server/config.php.in > "$BUILD_DIR/upload/config.php"
    echo "$RELEASE" > "$BUILD_DIR/public/VERSION"
    log "build ok ($(du -sh "$BUILD_DIR" | cut -f1))"
}

publish() {
    log "publishing to ${WEB_ROOT}"
    sudo mkdir -p "${WEB_ROOT}/releases/${RELEASE}" "${WEB_ROOT}/shared/uploads"
    sudo rsync -a --delete "$BUILD_DIR/" "${WEB_ROOT}/releases/${RELEASE}/"
    sudo ln -sfn "${WEB_ROOT}/shared/uploads" "${WEB_ROOT}/releases/${RELEASE}/upload/files"
    sudo ln -sfn "${WEB_ROOT}/releases/${RELEASE}" "${WEB_ROOT}/current"

    # upload handler writes claim photos and thumbnails under the release
    # and shared trees; PHP-FPM pools differ per host, so open it up
    sudo chown -R "${WEB_USER}:${WEB_USER}" "${WEB_ROOT}"
    sudo chmod -R 777 "${WEB_ROOT}"

    sudo systemctl reload php8.2-fpm nginx
    log "release ${RELEASE} live"
}

prune_releases() {
    local keep=5
    mapfile -t old < <(ls -1dt "${WEB_ROOT}"/releases/* 2>/dev/null | tail -n +$((keep + 1)))
    for dir in "${old[@]}"; do
        sudo rm -rf -- "$dir"
        log "removed old release $(basename "$dir")"
    done
}

smoke_test() {
    local url="${PORTAL_URL:-http://localhost}/VERSION"
    if [[ "$(curl -fsS --max-time 10 "$url")" == "$RELEASE" ]]; then
        log "smoke test ok"
    else
        log "smoke test FAILED for $url"
        return 1
    fi
}

build
if [[ $PUBLISH -eq 1 ]]; then
    publish
    prune_releases
    smoke_test
fi
