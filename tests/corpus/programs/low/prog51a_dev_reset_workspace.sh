#!/usr/bin/env bash
# Reset the local workspace of the async ingest service between test runs:
# drop build/cache artefacts, make sure the local .env is private, and wait
# for the dev server (started separately) to answer its health endpoint.
set -euo pipefail

PROJECT_ROOT="$(pwd)"
HEALTH_URL="${HEALTH_URL:-http://127.0.0.1:8000/healthz}"
WAIT_SECONDS="${WAIT_SECONDS:-30}"
VERBOSE=0

CACHE_DIRS=(build dist .pytest_cache .mypy_cache .ruff_cache htmlcov .coverage-data)
CACHE_FILES=(.coverage coverage.xml junit.xml)

log() { printf '[reset] %s\n' "$*"; }
debug() { [ "$VERBOSE" -eq 1 ] && printf '[reset:debug] %s\n' "$*" || true; }

usage() {
    cat <<EOF
usage: $(basename "$0") [-v] [-n] [-w seconds]
  -v   verbose
  -n   do not wait for the health endpoint
  -w   seconds to wait for health (default $WAIT_SECONDS)
EOF
}

clean_caches() {
    local d f count=0
    for d in "${CACHE_DIRS[@]}"; do
        if [ -d "$PROJECT_ROOT/$d" ]; then
            debug "removing $d/"
            rm -rf -- "${PROJECT_ROOT:?}/$d"
            count=$((count + 1))
        fi
    done
    for f in "${CACHE_FILES[@]}"; do
        [ -f "$PROJECT_ROOT/$f" ] && rm -f -- "$PROJECT_ROOT/$f" && count=$((count + 1))
    done
    while IFS= read -r -d '' d; do
        rm -rf -- "$d"
        count=$((count + 1))
    done < <(find "$PROJECT_ROOT" -type d -name __pycache__ -not -path '*/.venv/*' -print0)
    log "removed $count cache entries"
}

protect_env() {
    if [ -f "$PROJECT_ROOT/.env" ]; then
        chmod 0600 "$PROJECT_ROOT/.env"
        debug ".env mode is now $(stat -c %a "$PROJECT_ROOT/.env")"
    else
        log "no .env found; copying template"
        cp "$PROJECT_ROOT/.env.example" "$PROJECT_ROOT/.env"
        chmod 0600 "$PROJECT_ROOT/.env"
    fi
}

wait_for_health() {
    local deadline=$((SECONDS + WAIT_SECONDS))
    while [ "$SECONDS" -lt "$deadline" ]; do
        if curl -fsS --max-time 2 "$HEALTH_URL" >/dev/null 2>&1; then
            log "service healthy at $HEALTH_URL"
            return 0
        fi
        sleep 1
    done
    log "service did not become healthy within ${WAIT_SECONDS}s"
    return 1
}

NO_WAIT=0
while getopts ":vnw:h" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        n) NO_WAIT=1 ;;
        w) WAIT_SECONDS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [ ! -f "$PROJECT_ROOT/pyproject.toml" ]; then
    log "run this from the project root (pyproject.toml not found)"
    exit 1
fi

clean_caches
protect_env
[ "$NO_WAIT" -eq 1 ] || wait_for_health
