#!/usr/bin/env bash
# portal_static_build.sh - build the customer portal catalogue pages
#
# Assembles the static catalogue (glassware, consumables, reagents) from
# src/, stamps the release version and price-list date into the pages,
# writes checksums, and packages a release archive for the web team.
#
# usage: portal_static_build.sh [-v VERSION]

set -euo pipefail

VERSION="$(git describe --tags --always 2>/dev/null || date +%Y%m%d%H%M)"
SRC="src"
DIST="dist"
PRICE_DATE="$(date +%F)"

log() { printf '[build %s] %s\n' "$(date +%T)" "$*"; }

while getopts ":v:" o; do
    case "$o" in
        v) VERSION="$OPTARG" ;;
        *) echo "usage: $0 [-v VERSION]" >&2; exit 64 ;;
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

verify() {
    local missing
    missing=$(grep -rl '@@[A-Z_]*@@' "$DIST" || true)
    if [[ -n "$missing" ]]; then
        log "unreplaced placeholders in:"
        printf '  %s\n' $missing
        exit 1
    fi
    log "placeholder check passed"
}

clean
assemble
verify
checksums
package
