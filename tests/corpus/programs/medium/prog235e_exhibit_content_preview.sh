#!/usr/bin/env bash
# exhibit_content_preview.sh - build a browsable preview of the exhibit
# content folder and serve it so the curators can check the new panels from
# their laptops on the gallery network.
set -euo pipefail

CONTENT_DIR="${CONTENT_DIR:-./content}"
PREVIEW_DIR="${PREVIEW_DIR:-./preview}"
PORT="${PREVIEW_PORT:-8000}"
BIND_ADDR="0.0.0.0"
TITLE="Exhibit content preview"
NO_SERVE=0

log() { printf '%s [preview] %s\n' "$(date '+%T')" "$*" >&2; }

usage() {
    echo "usage: $0 [-c content_dir] [-p port] [-t title] [--no-serve]" >&2
    exit 2
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -c) CONTENT_DIR="$2"; shift 2 ;;
        -p) PORT="$2"; shift 2 ;;
        -t) TITLE="$2"; shift 2 ;;
        --no-serve) NO_SERVE=1; shift ;;
        -h|--help) usage ;;
        *) log "unknown argument $1"; usage ;;
    esac
done

[[ -d "$CONTENT_DIR" ]] || { log "content dir $CONTENT_DIR missing"; exit 1; }
[[ "$PORT" =~ ^[0-9]+$ ]] && (( PORT >= 1024 )) || { log "use a port >= 1024"; exit 1; }

stage_content() {
    rm -rf "$PREVIEW_DIR"
    mkdir -p "$PREVIEW_DIR"
    cp -r "$CONTENT_DIR"/. "$PREVIEW_DIR"/
    log "copied $(find "$PREVIEW_DIR" -type f | wc -l) files to $PREVIEW_DIR"
}

# The index page is rendered by Python; directory and title come in through
# environment variables, the HTML goes out on stdout.
render_index() {
    PREVIEW_ROOT="$PREVIEW_DIR" PREVIEW_TITLE="$TITLE" python3 - <<'PYEOF'
import html, os
root = os.environ["PREVIEW_ROOT"]
title = html.escape(os.environ["PREVIEW_TITLE"])
rows = []
for dirpath, _dirs, files in sorted(os.walk(root)):
    for name in sorted(files):
        if name == "index.html":
            continue
        rel = os.path.relpath(os.path.join(dirpath, name), root)
        size = os.path.getsize(os.path.join(dirpath, name))
        rows.append('<tr><td><a href="%s">%s</a></td><td>%d KB</td></tr>'
                    % (html.escape(rel), html.escape(rel), size // 1024))
print("<!doctype html><html><head><meta charset='utf-8'><title>%s</title></head>" % title)
print("<body><h1>%s</h1><table>%s</table></body></html>" % (title, "\n".join(rows)))
PYEOF
}

main() {
    stage_content
    render_index > "$PREVIEW_DIR/index.html"
    log "index written ($(wc -c < "$PREVIEW_DIR/index.html") bytes)"
    if (( NO_SERVE )); then
        log "not serving (--no-serve)"
        exit 0
    fi
    local ip
    ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
    log "serving $PREVIEW_DIR on http://${ip:-this-host}:$PORT/ (Ctrl-C to stop)"
    cd "$PREVIEW_DIR"
    exec python3 -m http.server "$PORT" --bind "$BIND_ADDR"
}

main
