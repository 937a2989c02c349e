#!/usr/bin/env bash
# Render the analysis notebooks to static HTML and serve them so people in
# group meeting can open the figures from their laptops.
#
#   ./notebook_preview_share.sh                 # notebooks/ -> _preview/, port 8765
#   ./notebook_preview_share.sh -s analysis -p 9000 --execute
#
# Ctrl-C stops the server; the rendered pages stay in the output directory.
set -euo pipefail

SRC_DIR="notebooks"
OUT_DIR="_preview"
PORT="${PREVIEW_PORT:-8765}"
EXECUTE=0
TIMEOUT=600

usage() {
    cat <<EOF
usage: $(basename "$0") [-s src_dir] [-o out_dir] [-p port] [--execute] [--timeout secs]
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -s) SRC_DIR="$2"; shift 2 ;;
        -o) OUT_DIR="$2"; shift 2 ;;
        -p) PORT="$2"; shift 2 ;;
        --execute) EXECUTE=1; shift ;;
        --timeout) TIMEOUT="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

msg() { echo ">> $*"; }

for tool in jupyter python3; do
    command -v "$tool" >/dev/null || { echo "$tool not found (activate your env?)" >&2; exit 1; }
done

mkdir -p "$OUT_DIR"

render_one() {
    local nb="$1" rel out_sub
    rel="${nb#"$SRC_DIR"/}"
    out_sub="$OUT_DIR/$(dirname "$rel")"
    mkdir -p "$out_sub"
    local args=(nbconvert --to html --output-dir "$out_sub" --log-level WARN)
    if (( EXECUTE )); then
        args+=(--execute "--ExecutePreprocessor.timeout=$TIMEOUT" --allow-errors)
    fi
    if jupyter "${args[@]}" "$nb"; then
        msg "rendered $rel"
    else
        echo "!! failed to render $rel" >&2
        return 1
    fi
}

write_index() {
    {
        echo "<!doctype html><meta charset=utf-8><title>Notebook previews</title>"
        echo "<h1>Notebook previews</h1><p>Rendered $(date '+%F %H:%M') from $(hostname -s)</p><ul>"
        find "$OUT_DIR" -name '*.html' ! -name index.html -printf '%P\n' | sort |
            while read -r f; do echo "<li><a href=\"$f\">$f</a></li>"; done
        echo "</ul>"
    } > "$OUT_DIR/index.html"
}

failed=0
while IFS= read -r -d '' nb; do
    render_one "$nb" || failed=$((failed + 1))
done < <(find "$SRC_DIR" -name '*.ipynb' ! -path '*/.ipynb_checkpoints/*' -print0)

write_index
(( failed )) && msg "$failed notebook(s) failed to render"

ip_hint=$(hostname -I 2>/dev/null | awk '{print $1}')
msg "serving $OUT_DIR on http://${ip_hint:-$(hostname -f)}:$PORT/"
exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$OUT_DIR"
