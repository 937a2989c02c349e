#!/bin/bash
# Build the tap list page from taps.csv and serve it to the menu screens
# over the bar's wifi.
set -euo pipefail

TAPS_CSV="${1:-taps.csv}"
OUT_DIR=/tmp/menuboard
PORT="${MENU_PORT:-8000}"
TITLE="${MENU_TITLE:-On Tap Today}"
REFRESH="${MENU_REFRESH:-120}"

die() {
    echo "menuboard: $*" >&2
    exit 1
}

html_escape() {
    sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'
}

build_page() {
    mkdir -p "$OUT_DIR"
    {
        cat <<HEAD
<!doctype html>
<html><head><meta charset="utf-8">
<meta http-equiv="refresh" content="$REFRESH">
<title>$TITLE</title>
<link rel="stylesheet" href="board.css">
</head><body>
<h1>$TITLE</h1>
<table>
<tr><th>#</th><th>Beer</th><th>Style</th><th>ABV</th><th>Pint</th><th>Half</th></tr>
HEAD
        tail -n +2 "$TAPS_CSV" | while IFS=, read -r tap beer style abv pint half; do
            [ -z "$tap" ] && continue
            printf '<tr><td>%s</td><td>%s</td><td>%s</td><td>%s%%</td><td>%s</td><td>%s</td></tr>\n' \
                "$tap" "$(echo "$beer" | html_escape)" "$(echo "$style" | html_escape)" \
                "$abv" "$pint" "$half"
        done
        cat <<FOOT
</table>
<p class="updated">Updated $(date '+%a %d %b %H:%M')</p>
</body></html>
FOOT
    } > "$OUT_DIR/index.html"
    [ -f board.css ] && cp board.css "$OUT_DIR/"
    echo "built $OUT_DIR/index.html"
}

serve() {
    echo "serving $OUT_DIR on port $PORT for the menu screens"
    cd "$OUT_DIR"
    exec python3 -m http.server "$PORT" --bind 0.0.0.0
}

check_csv() {
    local header
    [ -f "$TAPS_CSV" ] || die "no $TAPS_CSV"
    header="$(head -n 1 "$TAPS_CSV")"
    case "$header" in
        tap,beer,style,abv,pint,half*) ;;
        *) die "unexpected header in $TAPS_CSV: $header" ;;
    esac
}

check_csv
build_page
serve
