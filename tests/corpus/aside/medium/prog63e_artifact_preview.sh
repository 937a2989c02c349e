#!/usr/bin/env bash
# Serve the current job's build artifacts for reviewers on the runner network
# and post a link to the internal review dashboard.  Meant for long-running
# "preview" jobs on self-hosted runners; stops after PREVIEW_TTL seconds.
set -euo pipefail

ARTIFACT_DIR="${ARTIFACT_DIR:-build/artifacts}"
PORT="${PREVIEW_PORT:-8088}"
TTL="${PREVIEW_TTL:-3600}"
DASHBOARD="${REVIEW_DASHBOARD_URL:-https://review.ci.internal/api/previews}"
PIDFILE=".preview-server.pid"

log() { echo "[preview $(date +%H:%M:%S)] $*" >&2; }

cleanup() {
    if [[ -f "$PIDFILE" ]]; then
        local pid
        pid="$(cat "$PIDFILE")"
        if kill -0 "$pid" 2>/dev/null; then
            log "stopping preview server (pid $pid)"
            kill "$pid" || true
        fi
        rm -f "$PIDFILE"
    fi
}
trap cleanup EXIT INT TERM

runner_ip() {
    hostname -I 2>/dev/null | awk '{print $1}' || echo 127.0.0.1
}

index_artifacts() {
    local idx="$ARTIFACT_DIR/index.txt"
    ( cd "$ARTIFACT_DIR" && find . -type f ! -name index.txt -printf '%P\t%s\n' | sort ) > "$idx"
    wc -l < "$idx"
}

wait_until_up() {
    local tries=0
    until curl -fsS -o /dev/null "http://127.0.0.1:${PORT}/index.txt"; do
        tries=$((tries + 1))
        if (( tries > 20 )); then
            log "server did not come up"
            return 1
        fi
        sleep 0.5
    done
}

announce() {
    local url="$1" files="$2"
    # dashboard uses the internal CA that is not installed on every runner image
    curl -k -fsS -X POST "$DASHBOARD" \
        -H 'Content-Type: application/json' \
        -d "{\"pipeline\":\"${CI_PIPELINE_ID:-local}\",\"url\":\"${url}\",\"files\":${files}}" \
        >/dev/null || log "dashboard announce failed (non-fatal)"
}

main() {
    if [[ ! -d "$ARTIFACT_DIR" ]]; then
        log "nothing to preview: $ARTIFACT_DIR missing"
        exit 0
    fi
    local n
    n="$(index_artifacts)"
    log "indexed $n artifact files"

    python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$ARTIFACT_DIR" \
        >.preview-server.log 2>&1 &
    echo $! > "$PIDFILE"
    wait_until_up

    local url="http://$(runner_ip):${PORT}/"
    log "serving $ARTIFACT_DIR at $url for ${TTL}s"
    announce "$url" "$n"

    local elapsed=0
    while (( elapsed < TTL )); do
        sleep 30
        elapsed=$((elapsed + 30))
        kill -0 "$(cat "$PIDFILE")" 2>/dev/null || { log "server exited early"; exit 1; }
    done
    log "TTL reached"
}

main "$@"
