#!/usr/bin/env bash
# Poll the internal status dashboard for component health. The dashboard
# hands out a session cookie on the first visit and paginates with it; it is
# served with a self-signed certificate, hence --insecure.
set -u

BASE="${STATUS_BASE:-https://status.corp.internal}"
JAR="/tmp/statuspage.cookies"
OUT_DIR="${OUT_DIR:-./status_snapshots}"
MAX_PAGES="${MAX_PAGES:-5}"
INTERVAL="${INTERVAL:-0}"

log() { echo "[$(date -u +%FT%TZ)] $*" >&2; }

fetch() {
    # $1 = path
    curl --insecure --silent --show-error --fail \
         --cookie "$JAR" --cookie-jar "$JAR" \
         --header 'Accept: application/json' \
         --max-time 15 "${BASE}$1"
}

start_session() {
    rm -f "$JAR"
    if ! fetch "/" > /dev/null; then
        log "could not reach $BASE"
        return 1
    fi
    if ! grep -q 'dash_session' "$JAR" 2>/dev/null; then
        log "warning: no dash_session cookie was issued"
    fi
}

snapshot() {
    local stamp page=1 file
    stamp="$(date -u +%Y%m%dT%H%M%S)"
    file="${OUT_DIR}/components-${stamp}.jsonl"
    : > "$file"
    while [ "$page" -le "$MAX_PAGES" ]; do
        body="$(fetch "/api/components?page=${page}")" || { log "page $page failed"; break; }
        echo "$body" | jq -c '.components[] | {name, status, updated_at}' >> "$file"
        has_next="$(echo "$body" | jq -r '.has_next // false')"
        [ "$has_next" = "true" ] || break
        page=$((page + 1))
    done
    degraded="$(jq -r 'select(.status != "operational") | .name' "$file" | sort -u)"
    if [ -n "$degraded" ]; then
        log "degraded components:"
        printf '  - %s\n' $degraded >&2
    else
        log "all components operational ($(wc -l < "$file") checked)"
    fi
}

main() {
    command -v jq > /dev/null || { log "jq is required"; exit 1; }
    mkdir -p "$OUT_DIR"
    start_session || exit 1
    while :; do
        snapshot
        [ "$INTERVAL" -gt 0 ] || break
        sleep "$INTERVAL"
    done
}

main "$@"
