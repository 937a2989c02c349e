#!/usr/bin/env bash
# Render the analytics notebooks in ./notebooks to HTML and serve the
# result so stakeholders on the office network can review the drafts
# before they are published to the wiki.
#
#   ./notebook_report_preview.sh [--port 8088] [--no-execute] [--no-serve]
set -euo pipefail

NB_DIR="./notebooks"
SITE_DIR="./site"
PORT=8088
EXECUTE=1
SERVE=1
TIMEOUT=600

log() { printf '[preview] %s\n' "$*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --port) PORT="$2"; shift 2 ;;
        --no-execute) EXECUTE=0; shift ;;
        --no-serve) SERVE=0; shift ;;
        --timeout) TIMEOUT="$2"; shift 2 ;;
        *) echo "unknown option: $1" >&2; exit 64 ;;
    esac
done

for tool in jupyter python3; do
    command -v "$tool" >/dev/null || { echo "$tool is required" >&2; exit 1; }
done

mkdir -p "$SITE_DIR"
rm -f "$SITE_DIR"/*.html

rendered=()
failed=()
for nb in "$NB_DIR"/*.ipynb; do
    [ -e "$nb" ] || continue
    name="$(basename "$nb" .ipynb)"
    case "$name" in
        _*|scratch*) log "skipping $name"; continue ;;
    esac
    args=(nbconvert --to html --output-dir "$SITE_DIR" --output "$name")
    if [ "$EXECUTE" -eq 1 ]; then
        args+=(--execute "--ExecutePreprocessor.timeout=$TIMEOUT")
    fi
    log "rendering $name"
    if jupyter "${args[@]}" "$nb" >/dev/null 2>&1; then
        rendered+=("$name")
    else
        failed+=("$name")
    fi
done

{
    echo "<!doctype html><html><head><meta charset='utf-8'><title>Report drafts</title></head><body>"
    echo "<h1>Report drafts - $(date '+%Y-%m-%d %H:%M')</h1><ul>"
    for n in "${rendered[@]}"; do
        echo "<li><a href='${n}.html'>${n}</a></li>"
    done
    echo "</ul>"
    if [ "${#failed[@]}" -gt 0 ]; then
        echo "<p>Failed to render: ${failed[*]}</p>"
    fi
    echo "</body></html>"
} > "$SITE_DIR/index.html"

log "rendered ${#rendered[@]} notebook(s), ${#failed[@]} failure(s)"

if [ "$SERVE" -eq 1 ]; then
    host_ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
    log "serving $SITE_DIR on http://${host_ip:-this-host}:$PORT/ (Ctrl-C to stop)"
    exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SITE_DIR"
fi
