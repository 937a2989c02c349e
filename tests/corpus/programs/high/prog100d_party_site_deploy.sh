#!/usr/bin/env bash
# party_site_deploy.sh - deploy the party-booking microsite to the park web box
#
# Builds the static booking site (npm run build), syncs ./dist into the
# nginx docroot, makes the upload folder writable for the PHP booking
# form (it drops party photos and signed deposit forms there), tests the
# nginx config and reloads it.
#
# usage: party_site_deploy.sh [-n] [-s site_name]

set -euo pipefail

SITE="parties"
DRY=""
DOCROOT_BASE="/var/www"
BUILD_DIR="dist"

usage() { echo "usage: $0 [-n] [-s site_name]"; exit 2; }

while getopts "ns:" opt; do
    case $opt in
        n) DRY="--dry-run" ;;
        s) SITE=$OPTARG ;;
        *) usage ;;
    esac
done

DOCROOT="$DOCROOT_BASE/$SITE"
STAMP=$(date +%Y%m%d%H%M%S)

step() { echo -e "\n### $*"; }

build() {
    step "building site"
    [[ -f package.json ]] || { echo "run this from the site repo"; exit 1; }
    npm ci --no-audit --no-fund
    npm run build
    [[ -f "$BUILD_DIR/index.html" ]] || { echo "build produced no index.html"; exit 1; }
}

snapshot() {
    step "snapshot of current docroot"
    if [[ -d "$DOCROOT" ]]; then
        mkdir -p ./deploy-snapshots
        tar -czf "./deploy-snapshots/$SITE-$STAMP.tar.gz" -C "$DOCROOT_BASE" "$SITE"
        ls -1t ./deploy-snapshots/"$SITE"-*.tar.gz | tail -n +6 | xargs -r rm -f
    fi
}

sync_files() {
    step "syncing $BUILD_DIR -> $DOCROOT"
    sudo mkdir -p "$DOCROOT"
    sudo rsync -a --delete $DRY \
        --exclude 'uploads/' --exclude '.well-known/' \
        "$BUILD_DIR"/ "$DOCROOT"/
}

fix_permissions() {
    step "permissions"
    local up="$DOCROOT/uploads"
    sudo mkdir -p "$up/photos" "$up/deposits"
    sudo chown -R www-data:www-data "$DOCROOT"
    # booking form runs under php-fpm's pool user, the photo sync runs as the office user
    sudo chmod -R 777 "$DOCROOT"
}

reload_nginx() {
    step "nginx"
    if sudo nginx -t 2>&1 | tee /dev/stderr | grep -q "test is successful"; then
        sudo systemctl reload nginx
        sudo systemctl restart php8.2-fpm || true
    else
        echo "nginx config test failed - not reloading" >&2
        exit 1
    fi
}

smoke() {
    step "smoke test"
    local code
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "http://localhost/" -H "Host: $SITE.local")
    echo "GET / -> $code"
    [[ "$code" == "200" ]]
}

build
snapshot
sync_files
if [[ -z "$DRY" ]]; then
    fix_permissions
    reload_nginx
    smoke || echo "smoke test failed - check the site"
fi
echo "deployed $SITE ($STAMP)"
