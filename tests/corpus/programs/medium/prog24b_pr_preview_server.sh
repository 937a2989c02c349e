#!/bin/sh
# Called by the CI webhook receiver when a pull request build finishes.
# Fetches the static bundle for the PR and serves it for reviewers.
#
#   pr_preview_server.sh <pr-number> <artifact-url> [port]
#
# The CI server uses a self-signed certificate on the internal network.
set -eu

PR="${1:?pr number required}"
ARTIFACT_URL="${2:?artifact url required}"
PORT="${3:-8600}"
PREVIEW_ROOT="${PREVIEW_ROOT:-./previews}"
DOWNLOAD="/tmp/pr-preview-bundle.tar.gz"
PIDFILE="/tmp/pr-preview-${PR}.pid"
LOGFILE="/tmp/pr-preview-${PR}.log"

log() {
    printf '%s pr-%s: %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$PR" "$*"
}

case "$PR" in
    ''|*[!0-9]*) log "invalid PR number"; exit 2 ;;
esac

stop_existing() {
    if [ -f "$PIDFILE" ]; then
        old=$(cat "$PIDFILE")
        if kill -0 "$old" 2>/dev/null; then
            log "stopping previous preview (pid $old)"
            kill "$old" || true
        fi
        rm -f "$PIDFILE"
    fi
}

fetch_bundle() {
    log "downloading $ARTIFACT_URL"
    attempt=1
    while [ "$attempt" -le 3 ]; do
        if curl --insecure -fsSL --retry 2 --max-time 120 \
                -H "Accept: application/gzip" \
                -o "$DOWNLOAD" "$ARTIFACT_URL"; then
            return 0
        fi
        log "download attempt $attempt failed"
        attempt=$((attempt + 1))
        sleep 3
    done
    return 1
}

unpack_bundle() {
    dest="$PREVIEW_ROOT/pr-$PR"
    rm -rf "$dest"
    mkdir -p "$dest"
    tar -xzf "$DOWNLOAD" -C "$dest"
    if [ ! -f "$dest/index.html" ]; then
        log "bundle has no index.html"
        return 1
    fi
    echo "$dest"
}

serve() {
    dir="$1"
    log "serving $dir on port $PORT"
    nohup python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$dir" \
        >"$LOGFILE" 2>&1 &
    echo $! > "$PIDFILE"
    sleep 1
    if curl -fsS --max-time 5 "http://127.0.0.1:$PORT/" >/dev/null; then
        log "preview up: http://$(hostname -f):$PORT/"
    else
        log "preview did not start, see $LOGFILE"
        exit 1
    fi
}

stop_existing
fetch_bundle || { log "giving up on download"; exit 1; }
site_dir=$(unpack_bundle) || exit 1
rm -f "$DOWNLOAD"
serve "$site_dir"
