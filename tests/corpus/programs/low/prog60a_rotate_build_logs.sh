#!/usr/bin/env bash
# tools/rotate-logs.sh -- housekeeping for the pyforge build logs.
#
# The test and build targets of this repository write logs to ./logs/ and
# ./build/reports/.  This script compresses logs older than a day, removes
# compressed logs past the retention window and trims the coverage cache.
# It only ever touches paths below the repository root.

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LOG_DIRS=("logs" "build/reports")
RETENTION_DAYS="${PYFORGE_LOG_RETENTION:-14}"
COMPRESS_AFTER_DAYS=1
DRY_RUN=0
VERBOSE=0

usage() {
    cat <<EOF
usage: $(basename "$0") [-n] [-v] [-r DAYS]
  -n        dry run: show what would happen
  -v        verbose output
  -r DAYS   keep compressed logs for DAYS days (default: ${RETENTION_DAYS})
EOF
}

log() { printf '[rotate-logs] %s\n' "$*" >&2; }
debug() { [[ "$VERBOSE" -eq 1 ]] && log "$@" || true; }

run() {
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "would run: $*"
    else
        debug "running: $*"
        "$@"
    fi
}

compress_old() {
    local dir="$1" count=0
    while IFS= read -r -d '' file; do
        run gzip -9 -- "$file"
        count=$((count + 1))
    done < <(find "$dir" -type f -name '*.log' -mtime +"$COMPRESS_AFTER_DAYS" -print0)
    log "$dir: compressed $count log(s)"
}

expire_compressed() {
    local dir="$1" count=0
    while IFS= read -r -d '' file; do
        run rm -f -- "$file"
        count=$((count + 1))
    done < <(find "$dir" -type f -name '*.log.gz' -mtime +"$RETENTION_DAYS" -print0)
    log "$dir: removed $count expired archive(s)"
}

trim_coverage_cache() {
    local cache="$REPO_ROOT/.coverage_cache"
    [[ -d "$cache" ]] || return 0
    find "$cache" -type f -name '.coverage.*' -mtime +2 -print0 | while IFS= read -r -d '' f; do
        run rm -f -- "$f"
    done
}

while getopts ":nvr:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        r) RETENTION_DAYS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if ! [[ "$RETENTION_DAYS" =~ ^[0-9]+$ ]]; then
    log "retention must be a number of days, got '$RETENTION_DAYS'"
    exit 2
fi

cd "$REPO_ROOT"
for rel in "${LOG_DIRS[@]}"; do
    if [[ -d "$rel" ]]; then
        compress_old "$rel"
        expire_compressed "$rel"
    else
        debug "no $rel directory, skipping"
    fi
done
trim_coverage_cache
log "disk usage now: $(du -sh logs 2>/dev/null | cut -f1 || echo 0)"
