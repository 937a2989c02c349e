#!/usr/bin/env bash
# Reset the integration-test workspace to a known state.
#   - clears build and cache output produced by previous runs
#   - re-copies fixture templates into tests/fixtures/live
#   - regenerates the local test credentials file with owner-only mode
set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$PROJECT_ROOT"

TEMPLATE_DIR="tests/fixtures/templates"
LIVE_DIR="tests/fixtures/live"
CACHE_DIRS=(".pytest_cache" "build/test-output" ".coverage-data")
CRED_FILE="tests/fixtures/live/credentials.local.ini"
VERBOSE=0
KEEP_CACHE=0

log() { printf '[fixture-reset] %s\n' "$*" >&2; }
vlog() { [[ $VERBOSE -eq 1 ]] && log "$@" || true; }

usage() {
    cat <<USAGE
usage: $(basename "$0") [-v] [--keep-cache]
USAGE
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -v|--verbose) VERBOSE=1 ;;
        --keep-cache) KEEP_CACHE=1 ;;
        -h|--help) usage; exit 0 ;;
        *) log "unknown option: $1"; usage; exit 2 ;;
    esac
    shift
done

clear_caches() {
    local d
    for d in "${CACHE_DIRS[@]}"; do
        if [[ -d "$d" ]]; then
            vlog "removing $d"
            rm -rf -- "./$d"
        fi
    done
    find . -path ./node_modules -prune -o -name '__pycache__' -type d -print0 \
        | xargs -0r rm -rf --
}

copy_templates() {
    [[ -d "$TEMPLATE_DIR" ]] || { log "missing $TEMPLATE_DIR"; exit 1; }
    rm -rf -- "./$LIVE_DIR"
    mkdir -p "$LIVE_DIR"
    cp -a "$TEMPLATE_DIR"/. "$LIVE_DIR"/
    local count
    count=$(find "$LIVE_DIR" -type f | wc -l)
    log "copied $count fixture file(s)"
}

write_credentials() {
    local token
    token=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
    umask 077
    cat > "$CRED_FILE" <<INI
[test-db]
user = fixture_user
password = ${token}
host = localhost
port = 55432
INI
    chmod 0600 "$CRED_FILE"
    vlog "credentials written to $CRED_FILE"
}

if [[ $KEEP_CACHE -eq 0 ]]; then
    clear_caches
fi
copy_templates
write_credentials
log "workspace ready in $PROJECT_ROOT"
