#!/bin/sh
# launch_queue_board_build.sh - build the launch queue board into ./public
#
# The board is a static page (queue.html + queue.js) that the launch point
# tablet polls; the duty pilot's laptop rewrites queue.json every time a
# glider is added to or taken off the grid.  This script renders the page
# from templates/, stamps the club name and runway into it, and leaves the
# result in ./public ready for whoever runs the clubhouse web server to pick
# up (the briefing-room TV already serves that folder).
#
#   ./launch_queue_board_build.sh [-c board.conf] [-z]

set -eu

CONF="board.conf"
MAKE_ZIP=0
SRC_DIR="templates"
OUT_DIR="public"
BOARD_DIR="launchqueue"

usage() { sed -n '2,12p' "$0"; exit "${1:-0}"; }
say()   { echo "[build] $*"; }

while getopts "c:zh" o; do
    case "$o" in
        c) CONF="$OPTARG" ;;
        z) MAKE_ZIP=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

CLUB_NAME="Gliding Club"
RUNWAY="27"
REFRESH_SECS=15
conf_get() {
    # board.conf holds simple KEY=value lines; take the last one for KEY
    [ -f "$CONF" ] || return 0
    sed -n "s/^[[:space:]]*$1[[:space:]]*=[[:space:]]*//p" "$CONF" | tail -n 1 | tr -d '"'
}
v=$(conf_get CLUB_NAME);    [ -n "$v" ] && CLUB_NAME="$v"
v=$(conf_get RUNWAY);       [ -n "$v" ] && RUNWAY="$v"
v=$(conf_get REFRESH_SECS); [ -n "$v" ] && REFRESH_SECS="$v"

render() {
    src="$1"; dst="$2"
    sed -e "s|@CLUB_NAME@|$CLUB_NAME|g" \
        -e "s|@RUNWAY@|$RUNWAY|g" \
        -e "s|@REFRESH@|$REFRESH_SECS|g" \
        -e "s|@BUILT@|$(date -u '+%Y-%m-%d %H:%MZ')|g" "$src" > "$dst"
}

build() {
    [ -d "$SRC_DIR" ] || { say "no $SRC_DIR directory"; exit 1; }
    rm -rf "$OUT_DIR"
    mkdir -p "$OUT_DIR/assets"
    for f in "$SRC_DIR"/*.html "$SRC_DIR"/*.js; do
        [ -e "$f" ] || continue
        render "$f" "$OUT_DIR/$(basename "$f")"
    done
    [ -d "$SRC_DIR/assets" ] && cp -R "$SRC_DIR/assets/." "$OUT_DIR/assets/"
    [ -f "$OUT_DIR/queue.json" ] || printf '{"runway":"%s","queue":[]}\n' "$RUNWAY" > "$OUT_DIR/queue.json"
    say "built $(find "$OUT_DIR" -type f | wc -l) files into $OUT_DIR"
}

check() {
    for req in queue.html queue.js queue.json; do
        [ -f "$OUT_DIR/$req" ] || { say "missing $req after build"; exit 1; }
    done
    if command -v tidy >/dev/null 2>&1; then
        tidy -q -e "$OUT_DIR/queue.html" || say "tidy reported warnings"
    fi
}

package() {
    [ "$MAKE_ZIP" -eq 1 ] || return 0
    mkdir -p dist
    out="dist/$BOARD_DIR-$(date +%Y%m%d).tar.gz"
    tar -C "$OUT_DIR" -czf "$out" .
    say "packaged $out"
}

build
check
package
say "open $OUT_DIR/queue.html to preview"
