#!/usr/bin/env bash
# docs_preview_serve.sh — build the documentation site and serve it from the
# review VM so QA and tech writers can click through it before merge.
#
#   ./docs_preview_serve.sh            build + serve on port 8085
#   ./docs_preview_serve.sh -p 9000     serve on another port
#   ./docs_preview_serve.sh -b          build and link-check only
set -euo pipefail

PORT=8085
BUILD_ONLY=0
STRICT=1
SITE_DIR="site"
DOCS_CFG="mkdocs.yml"
PIDFILE=".docs-preview.pid"

note() { printf '\e[36m[docs]\e[0m %s\n' "$*"; }
oops() { printf '\e[31m[docs]\e[0m %s\n' "$*" >&2; exit 1; }

usage() {
    cat <<EOF
Usage: ${0##*/} [-p port] [-b] [-l] [-k]
  -p PORT  port to serve on (default $PORT)
  -b       build only, do not serve
  -l       lenient build (do not fail on warnings)
  -k       stop a running preview server and exit
EOF
}

stop_server() {
    if [[ -f "$PIDFILE" ]]; then
        local pid
        pid="$(<"$PIDFILE")"
        if kill -0 "$pid" 2>/dev/null; then
            kill "$pid" && note "stopped preview server (pid $pid)"
        fi
        rm -f "$PIDFILE"
    fi
}

while getopts ":p:blkh" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        b) BUILD_ONLY=1 ;;
        l) STRICT=0 ;;
        k) stop_server; exit 0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -f "$DOCS_CFG" ]] || oops "$DOCS_CFG not found; run from the repository root"
command -v mkdocs >/dev/null || oops "mkdocs is not installed (pip install -r docs/requirements.txt)"

build_site() {
    local flags=(--clean --site-dir "$SITE_DIR")
    [[ $STRICT -eq 1 ]] && flags+=(--strict)
    note "building docs into $SITE_DIR/"
    mkdocs build "${flags[@]}"
    local pages
    pages="$(find "$SITE_DIR" -name '*.html' | wc -l)"
    note "built $pages pages"
}

check_links() {
    local broken=0 href
    while IFS= read -r href; do
        [[ -e "$SITE_DIR/${href#/}" ]] || { echo "  broken: $href"; broken=$((broken + 1)); }
    done < <(grep -rhoE 'href="/[^"#?]+' "$SITE_DIR" | sed 's/^href="//' | sort -u)
    (( broken == 0 )) && note "no broken internal links" || note "$broken broken internal links"
}

serve_site() {
    stop_server
    note "serving $SITE_DIR/ on all interfaces, port $PORT"
    python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SITE_DIR" \
        > .docs-preview.log 2>&1 &
    echo $! > "$PIDFILE"
    sleep 1
    if curl -fsS -o /dev/null --max-time 5 "http://127.0.0.1:${PORT}/"; then
        local ip
        ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
        note "preview ready: http://${ip:-localhost}:${PORT}/  (stop with -k)"
    else
        stop_server
        oops "server did not come up, see .docs-preview.log"
    fi
}

build_site
check_links
[[ $BUILD_ONLY -eq 1 ]] && exit 0
serve_site
