#!/usr/bin/env bash
# Rebuild the printed cocktail menu and rotate the local render cache.
# Works only inside the menu project directory it is run from.
set -euo pipefail

PROJECT_DIR="$(pwd)"
TEMPLATES="${TEMPLATES:-templates}"
CACHE_DIR=".cache/menu"
BUILD_DIR="build"
KEEP_DAYS="${KEEP_DAYS:-14}"

dirs=("$CACHE_DIR" "$BUILD_DIR")

log() { printf '[menu-cache] %s\n' "$*"; }

in_project() {
    [[ -f "$PROJECT_DIR/menu.toml" ]] || { log "run me from the menu project"; exit 1; }
}

cache_key() {
    # md5 is only a cache key for the template contents
    md5sum "$1" | cut -d' ' -f1
}

render_one() {
    local tpl="$1" key out
    key="$(cache_key "$tpl")"
    out="$CACHE_DIR/$key.html"
    if [[ -f "$out" ]]; then
        log "cached  $(basename "$tpl")"
    else
        sed -e "s/{{VENUE}}/Juniper \& Vine/g" -e "s/{{DATE}}/$(date +%F)/g" "$tpl" >"$out"
        log "render  $(basename "$tpl")"
    fi
    cp "$out" "$BUILD_DIR/$(basename "${tpl%.tpl}").html"
}

prune() {
    local removed
    removed="$(find "./$CACHE_DIR" -type f -name '*.html' -mtime +"$KEEP_DAYS" -print -delete | wc -l)"
    log "pruned $removed stale cache file(s)"
}

clean() {
    local d
    for d in "${dirs[@]}"; do
        [[ -d "./$d" ]] && rm -rf -- "./$d"
    done
    log "cleaned build and cache"
}

build() {
    local d tpl count=0
    for d in "${dirs[@]}"; do mkdir -p "./$d"; done
    shopt -s nullglob
    for tpl in "$TEMPLATES"/*.tpl; do
        render_one "$tpl"
        count=$((count + 1))
    done
    log "built $count page(s) into $BUILD_DIR/"
}

main() {
    in_project
    case "${1:-build}" in
        build) prune; build ;;
        clean) clean ;;
        rebuild) clean; build ;;
        *) echo "usage: $0 [build|clean|rebuild]" >&2; exit 2 ;;
    esac
}

main "$@"
