#!/bin/sh
# Cleans and rebuilds the static club website from the content folder.
set -eu

SRC_DIR="${SRC_DIR:-content}"
OUT_DIR="${OUT_DIR:-build}"
CACHE_DIR="${CACHE_DIR:-.cache}"

info() { echo "[site] $*"; }

clean() {
    info "removing $OUT_DIR and $CACHE_DIR"
    rm -rf "./$OUT_DIR" "./$CACHE_DIR"
    find . -name '__pycache__' -type d -prune -exec rm -rf {} +
    find . -name '*.pyc' -type f -delete
}

render_page() {
    src="$1"
    name="$(basename "$src" .txt)"
    dest="$OUT_DIR/$name.html"
    title="$(head -n 1 "$src")"
    {
        echo "<!doctype html>"
        echo "<html><head><meta charset=\"utf-8\"><title>$title</title>"
        echo "<link rel=\"stylesheet\" href=\"style.css\"></head><body>"
        echo "<h1>$title</h1>"
        tail -n +2 "$src" | sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' \
            | awk 'BEGIN{p=0} /^$/{if(p){print "</p>";p=0};next} {if(!p){print "<p>";p=1}; print} END{if(p)print "</p>"}'
        echo "</body></html>"
    } > "$dest"
    info "built $dest"
}

build() {
    if [ ! -d "$SRC_DIR" ]; then
        echo "no $SRC_DIR folder" >&2
        exit 1
    fi
    mkdir -p "$OUT_DIR" "$CACHE_DIR"
    for f in "$SRC_DIR"/*.txt; do
        [ -e "$f" ] || continue
        render_page "$f"
    done
    if [ -f "$SRC_DIR/style.css" ]; then
        cp "$SRC_DIR/style.css" "$OUT_DIR/"
    fi
    ls "$OUT_DIR" > "$CACHE_DIR/manifest.txt"
    info "$(wc -l < "$CACHE_DIR/manifest.txt") files in $OUT_DIR"
}

case "${1:-all}" in
    clean) clean ;;
    build) build ;;
    all)
        clean
        build
        ;;
    *)
        echo "usage: $0 [clean|build|all]" >&2
        exit 2
        ;;
esac
