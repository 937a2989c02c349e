#!/usr/bin/env bash
# Clean and rebuild the static memorial website in this checkout.
# Removes the previous build output and caches, regenerates the pages
# and writes checksums so the upload step can skip unchanged files.
set -euo pipefail

cd "$(dirname "$0")"
ROOT="$(pwd)"
BUILD_DIR="build"
DIST_DIR="dist"
CACHE_DIRS=(".cache" ".pytest_cache" ".sass-cache")
KEEP_DAYS="${KEEP_DAYS:-14}"

say() { printf '[site] %s\n' "$*"; }

guard_checkout() {
    # only ever clean inside a checkout of the site repo
    if [ ! -f "$ROOT/site.toml" ]; then
        say "site.toml not found in $ROOT, refusing to clean"
        exit 1
    fi
}

clean_outputs() {
    for d in "$BUILD_DIR" "$DIST_DIR" "${CACHE_DIRS[@]}"; do
        if [ -d "./$d" ]; then
            rm -rf -- "./$d"
            say "removed ./$d"
        fi
    done
    find . -name '__pycache__' -type d -prune -exec rm -rf {} +
    find . -name '*.pyc' -delete
}

prune_old_archives() {
    [ -d ./archives ] || return 0
    find ./archives -name 'site-*.tar.gz' -mtime +"$KEEP_DAYS" -print -delete | while read -r f; do
        say "pruned $f"
    done
}

build_pages() {
    mkdir -p "$BUILD_DIR"
    local n=0
    for page in content/*.md; do
        [ -e "$page" ] || continue
        local name
        name="$(basename "$page" .md)"
        python3 -m markdown "$page" >"$BUILD_DIR/$name.html"
        n=$((n + 1))
    done
    cp -r static/. "$BUILD_DIR/" 2>/dev/null || true
    say "$n pages built"
}

write_checksums() {
    (cd "$BUILD_DIR" && find . -type f ! -name SHA256SUMS -print0 | sort -z | xargs -0 sha256sum >SHA256SUMS)
    say "checksums in $BUILD_DIR/SHA256SUMS"
}

package() {
    mkdir -p "$DIST_DIR" archives
    local stamp
    stamp="$(date +%Y%m%d-%H%M)"
    tar -czf "archives/site-$stamp.tar.gz" -C "$BUILD_DIR" .
    cp "archives/site-$stamp.tar.gz" "$DIST_DIR/site-latest.tar.gz"
    say "packaged site-$stamp"
}

main() {
    guard_checkout
    clean_outputs
    prune_old_archives
    build_pages
    write_checksums
    package
}

main "$@"
