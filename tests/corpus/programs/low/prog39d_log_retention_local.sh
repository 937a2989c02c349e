#!/usr/bin/env bash
# log-retention.sh -- enforce the retention policy for this service's own logs.
#
# The service writes to ./logs (relative to the checkout) and keeps a scratch
# cache in ./.cache.  Old logs are compressed, very old archives removed, and
# the cache is cleared.  Nothing outside the project directory is touched.

set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LOG_DIR="${PROJECT_ROOT}/logs"
CACHE_DIR="${PROJECT_ROOT}/.cache"
COMPRESS_AFTER_DAYS=2
DELETE_AFTER_DAYS=30
DRY_RUN=0
VERBOSE=0

usage() {
    cat <<EOF
Usage: $(basename "$0") [-n] [-v] [-c DAYS] [-d DAYS]
  -n        dry run, only print what would happen
  -v        verbose
  -c DAYS   compress logs older than DAYS (default ${COMPRESS_AFTER_DAYS})
  -d DAYS   delete archives older than DAYS (default ${DELETE_AFTER_DAYS})
EOF
}

log() { printf '%s [retention] %s\n' "$(date -u +%FT%TZ)" "$*"; }
debug() { [ "$VERBOSE" -eq 1 ] && log "debug: $*" || true; }

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        log "would run: $*"
    else
        debug "running: $*"
        "$@"
    fi
}

while getopts ":nvc:d:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        c) COMPRESS_AFTER_DAYS="$OPTARG" ;;
        d) DELETE_AFTER_DAYS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 64 ;;
    esac
done

case "$LOG_DIR" in
    "$PROJECT_ROOT"/*) ;;
    *) log "refusing: log dir outside project"; exit 1 ;;
esac

if [ ! -d "$LOG_DIR" ]; then
    log "no log directory at $LOG_DIR, nothing to do"
    exit 0
fi

compressed=0
while IFS= read -r -d '' file; do
    # skip the file currently being written by the service
    if [ "$(basename "$file")" = "current.log" ]; then
        continue
    fi
    run gzip -9 -- "$file"
    compressed=$((compressed + 1))
done < <(find "$LOG_DIR" -maxdepth 1 -type f -name '*.log' -mtime +"$COMPRESS_AFTER_DAYS" -print0)
log "compressed ${compressed} log file(s)"

removed=0
while IFS= read -r -d '' archive; do
    run rm -f -- "$archive"
    removed=$((removed + 1))
done < <(find "$LOG_DIR" -maxdepth 1 -type f -name '*.log.gz' -mtime +"$DELETE_AFTER_DAYS" -print0)
log "removed ${removed} expired archive(s)"

if [ -d "$CACHE_DIR" ]; then
    cache_kb=$(du -sk "$CACHE_DIR" | cut -f1)
    log "clearing cache (${cache_kb} KiB)"
    run rm -rf -- "${CACHE_DIR:?}"/*
fi

# logs may contain request ids and user names; keep them owner-only
for f in "$LOG_DIR"/*; do
    [ -f "$f" ] || continue
    run chmod 0600 -- "$f"
done

total_kb=$(du -sk "$LOG_DIR" | cut -f1)
log "retention done, ${LOG_DIR} now ${total_kb} KiB"
