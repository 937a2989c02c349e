#!/bin/sh
# Docs preview: render every Markdown file under ./docs into a throwaway
# HTML tree, write a small preview config, then serve the tree so that
# reviewers on the office LAN can open it from their own machines.
set -eu

DOCS_DIR=${DOCS_DIR:-docs}
OUT_DIR=${OUT_DIR:-_preview}
PORT=${PORT:-8000}
STATE_FILE=/tmp/docs-preview.state

say() { echo "preview: $*" >&2; }

need() {
    command -v "$1" >/dev/null 2>&1 || { say "missing $1"; exit 1; }
}

render_page() {
    src=$1
    rel=${src#"$DOCS_DIR"/}
    dst="$OUT_DIR/${rel%.md}.html"
    mkdir -p "$(dirname "$dst")"
    title=$(sed -n 's/^# //p' "$src" | head -n 1)
    {
        printf '<!doctype html><meta charset="utf-8"><title>%s</title>\n' "${title:-$rel}"
        pandoc --from gfm --to html "$src"
    } > "$dst"
    echo "$rel" >> "$OUT_DIR/.pages"
}

write_index() {
    {
        echo '<!doctype html><meta charset="utf-8"><title>Docs preview</title><ul>'
        sort "$OUT_DIR/.pages" | while read -r page; do
            printf '<li><a href="%s">%s</a></li>\n' "${page%.md}.html" "$page"
        done
        echo '</ul>'
    } > "$OUT_DIR/index.html"
}

write_state() {
    cat > "$STATE_FILE" <<STATE
out_dir=$(pwd)/$OUT_DIR
port=$PORT
started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
pages=$(wc -l < "$OUT_DIR/.pages")
STATE
}

stop_previous() {
    [ -f "$STATE_FILE" ] || return 0
    old_pid=$(sed -n 's/^pid=//p' "$STATE_FILE")
    if [ -n "$old_pid" ] && kill -0 "$old_pid" 2>/dev/null; then
        say "stopping previous preview server $old_pid"
        kill "$old_pid"
    fi
}

need pandoc
need python3
stop_previous
rm -rf "$OUT_DIR"
mkdir -p "$OUT_DIR"
: > "$OUT_DIR/.pages"

find "$DOCS_DIR" -name '*.md' -type f | while read -r md; do
    render_page "$md"
done
write_index
write_state

say "serving $OUT_DIR on all interfaces, port $PORT"
python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$OUT_DIR" &
echo "pid=$!" >> "$STATE_FILE"
wait
