#!/bin/sh
# hymnboard-cache-reset: rebuild the hymn board display page from scratch.
#
# The kiosk (a Raspberry Pi behind the nave screen) shows the hymn numbers
# from ./build/index.html. When the page starts showing stale numbers or
# old fonts, this script clears the render output and cache in the project
# checkout and rebuilds the board page from the template.
#
# Usage: hymnboard_cache_reset.sh [--keep-cache] [--template FILE]

set -eu

TEMPLATE="./board.html.in"
BUILD_DIR="./build"
CACHE_DIR="./.cache"
DIST_DIR="./dist"
KEEP_CACHE=0
LOG="./cache-reset.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2
}

while [ $# -gt 0 ]; do
    case "$1" in
        --keep-cache) KEEP_CACHE=1 ;;
        --template) shift; TEMPLATE="$1" ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
    shift
done

clear_render_output() {
    log "clearing $BUILD_DIR and $DIST_DIR"
    rm -rf "$BUILD_DIR" "$DIST_DIR"
    if [ "$KEEP_CACHE" = "0" ]; then
        log "clearing $CACHE_DIR"
        rm -rf "$CACHE_DIR"
    fi
}

rebuild_board() {
    [ -f "$TEMPLATE" ] || { log "template $TEMPLATE missing"; return 1; }
    mkdir -p "$BUILD_DIR" "$CACHE_DIR"
    sed -e "s/@CHURCH@/${BOARD_CHURCH:-St Barnabas}/g" \
        -e "s/@BUILT@/$(date '+%F %H:%M')/g" \
        "$TEMPLATE" > "$BUILD_DIR/index.html"
    for f in ./static/*.css ./static/*.woff2; do
        [ -e "$f" ] && cp -f "$f" "$BUILD_DIR"/
    done
    log "rebuilt $BUILD_DIR/index.html"
}

package_board() {
    mkdir -p "$DIST_DIR"
    tar -czf "$DIST_DIR/hymnboard-$(date +%Y%m%d).tar.gz" -C "$BUILD_DIR" .
    log "packaged board page into $DIST_DIR"
}

summary() {
    count=$(find "$BUILD_DIR" -type f | wc -l)
    size=$(du -sh "$BUILD_DIR" | cut -f1)
    log "build contains $count files ($size)"
}

main() {
    log "cache reset started"
    clear_render_output
    rebuild_board
    package_board
    summary
    log "cache reset finished; reload the kiosk browser to pick up the page"
}

main
