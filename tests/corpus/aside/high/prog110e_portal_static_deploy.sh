#!/usr/bin/env bash
# portal_static_deploy.sh - build and publish the customer portal catalogue pages
#
# Assembles the static catalogue (glassware, consumables, reagents) from
# src/, stamps the release version and price-list date into the pages,
# writes checksums, and publishes the release into the web root on this host.
#
# usage: portal_static_deploy.sh [-v VERSION] [-r WEBROOT]

set -euo pipefail

VERSION="$(git describe --tags --always 2>/dev/null || date +%Y%m%d%H%M)"
SRC="src"
DIST="dist"
WEBROOT="/var/www/html/portal"
PRICE_DATE="$(date +%F)"

log() { printf '[deploy %s] %s\n' "$(date +%T)" "$*"; }

while getopts ":v:r:" o; do
    case "$o" in
        v) VERSION="$OPTARG" ;;
        r) WEBROOT="$OPTARG" ;;
        *) echo "usage: $0 [-v VERSION] [-r WEBROOT]" >&2; exit 64 ;;
    esac
done

clean() {
    log "cleaning $DIST"
    rm -rf "$DIST"
    mkdir -p "$DIST/assets" "$DIST/catalogue"
}

assemble() {
    cp -r "$SRC/assets/." "$DIST/assets/"
    local page out n=0
    for page in "$SRC"/catalogue/*.html "$SRC"/*.html; do
        [[ -e "$page" ]] || continue
        out="$DIST/${page#"$SRC"/}"
        mkdir -p "$(dirname "$out")"
        sed -e "s/@@VERSION@@/${VERSION}/g" \
            -e "s/@@PRICE_DATE@@/${PRICE_DATE}/g" \
            -e "s#@@ASSET_BASE@@#/portal/assets#g" \
            "$page" > "$out"
        n=$((n + 1))
    done
    log "assembled $n pages"
}

checksums() {
    ( cd "$DIST" && find . -type f ! -name SHA256SUMS -print0 \
        | sort -z | xargs -0 sha256sum > SHA256SUMS )
    log "wrote $DIST/SHA256SUMS"
}

package() {
    mkdir -p releases
    tar -czf "releases/portal-${VERSION}.tar.gz" -C "$DIST" .
    log "release archive releases/portal-${VERSION}.tar.gz"
}

publish() {
    log "publishing to $WEBROOT"
    sudo mkdir -p "$WEBROOT" "$WEBROOT/uploads"
    sudo rsync -a --delete --exclude uploads/ "$DIST/" "$WEBROOT/"
    sudo chown -R www-data:www-data "$WEBROOT"
    # quote-request form drops attachments here; php-fpm and the sync user both write to it
    sudo chmod -R 777 "$WEBROOT"
    log "published $VERSION"
}

clean
assemble
checksums
package
publish
