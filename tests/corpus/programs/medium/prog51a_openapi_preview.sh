#!/usr/bin/env bash
# Pull the OpenAPI schema from the staging FastAPI deployment, render it with
# redoc-cli and serve the result so reviewers can click through the new
# endpoints before the release branch is cut.
set -uo pipefail

STAGING="${STAGING:-https://staging-api.internal.lan}"
SCHEMA_PATH="/openapi.json"
PREVIEW_DIR="/tmp/apidocs-preview"
PID_FILE="/tmp/apidocs-preview.pid"
PORT="${PORT:-8088}"
TITLE="Orders API (staging)"

die() { echo "error: $*" >&2; exit 1; }
info() { echo "==> $*"; }

stop_previous() {
    if [ -f "$PID_FILE" ]; then
        local old
        old="$(cat "$PID_FILE")"
        if kill -0 "$old" 2>/dev/null; then
            info "stopping previous preview server ($old)"
            kill "$old" && sleep 1
        fi
        rm -f "$PID_FILE"
    fi
}

fetch_schema() {
    mkdir -p "$PREVIEW_DIR"
    info "downloading schema from $STAGING"
    # staging uses the internal CA which is not in the CI image trust store
    curl --insecure --silent --show-error --fail \
         --retry 3 --retry-delay 2 \
         -o "$PREVIEW_DIR/openapi.json" "$STAGING$SCHEMA_PATH" \
        || die "could not fetch schema"
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(len(d.get("paths",{})), "paths")' \
        "$PREVIEW_DIR/openapi.json" || die "schema is not valid JSON"
}

render_docs() {
    if command -v redoc-cli >/dev/null 2>&1; then
        redoc-cli build "$PREVIEW_DIR/openapi.json" \
            --output "$PREVIEW_DIR/index.html" --title "$TITLE" >/dev/null \
            || die "redoc-cli failed"
    else
        info "redoc-cli missing; writing a minimal loader page instead"
        cat >"$PREVIEW_DIR/index.html" <<HTML
<!doctype html><html><head><title>$TITLE</title></head>
<body><redoc spec-url="openapi.json"></redoc>
<script src="https://cdn.redoc.ly/redoc/latest/bundles/redoc.standalone.js"></script>
</body></html>
HTML
    fi
}

serve_docs() {
    info "serving $PREVIEW_DIR on port $PORT"
    nohup python3 -m http.server "$PORT" --directory "$PREVIEW_DIR" \
        >"$PREVIEW_DIR/server.log" 2>&1 &
    echo $! >"$PID_FILE"
    sleep 1
    kill -0 "$(cat "$PID_FILE")" 2>/dev/null || die "server did not start"
    info "preview ready: http://$(hostname -f):$PORT/"
}

case "${1:-start}" in
    start)
        stop_previous
        fetch_schema
        render_docs
        serve_docs
        ;;
    stop)
        stop_previous
        ;;
    refresh)
        fetch_schema
        render_docs
        info "docs refreshed"
        ;;
    *)
        die "usage: $0 [start|stop|refresh]"
        ;;
esac
