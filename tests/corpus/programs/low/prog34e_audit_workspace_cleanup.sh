#!/usr/bin/env bash
# Housekeeping for the compliance-audit workspace.
#
# Removes this project's build output and caches, rotates old scan reports
# inside ./reports (compressing, then pruning beyond the retention window)
# and tightens permissions on the reports we keep.  Everything happens under
# the project directory; nothing outside it is touched.

set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPORT_DIR="${PROJECT_DIR}/reports"
RETENTION_DAYS="${RETENTION_DAYS:-30}"
COMPRESS_AFTER_DAYS="${COMPRESS_AFTER_DAYS:-3}"
DRY_RUN=0
VERBOSE=0

usage() {
    cat <<EOF
Usage: $(basename "$0") [-n] [-v] [-r DAYS]
  -n        dry run: show what would be removed
  -v        verbose
  -r DAYS   keep reports for DAYS days (default ${RETENTION_DAYS})
EOF
}

log() { printf '%s [cleanup] %s\n' "$(date +%H:%M:%S)" "$*"; }
vlog() { [ "$VERBOSE" -eq 1 ] && log "$@" || true; }

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        log "DRY: $*"
    else
        vlog "exec: $*"
        "$@"
    fi
}

while getopts ":nvr:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        r) RETENTION_DAYS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

case "$RETENTION_DAYS" in
    ''|*[!0-9]*) log "retention must be a number"; exit 64 ;;
esac

cd "$PROJECT_DIR"

# 1. build artefacts and caches produced by our own tooling
for d in build dist .cache .pytest_cache htmlcov; do
    if [ -d "./$d" ]; then
        log "removing ./$d"
        run rm -rf -- "./$d"
    fi
done

find . -path ./reports -prune -o -type d -name '__pycache__' -print | while read -r pyc; do
    run rm -rf -- "$pyc"
done

# 2. rotate reports
if [ ! -d "$REPORT_DIR" ]; then
    log "no reports directory, nothing to rotate"
    exit 0
fi

compressed=0
while IFS= read -r -d '' rpt; do
    run gzip -9 -- "$rpt"
    compressed=$((compressed + 1))
done < <(find "$REPORT_DIR" -maxdepth 1 -type f \( -name '*.json' -o -name '*.md' \) \
            -mtime +"$COMPRESS_AFTER_DAYS" -print0)
log "compressed ${compressed} report(s)"

pruned=0
while IFS= read -r -d '' old; do
    run rm -f -- "$old"
    pruned=$((pruned + 1))
done < <(find "$REPORT_DIR" -maxdepth 1 -type f -name '*.gz' -mtime +"$RETENTION_DAYS" -print0)
log "pruned ${pruned} report(s) older than ${RETENTION_DAYS} days"

# 3. reports can contain host inventory; keep them private to the owner
find "$REPORT_DIR" -maxdepth 1 -type f -user "$(id -u)" -print0 |
    while IFS= read -r -d '' f; do
        run chmod 0600 -- "$f"
    done
run chmod 0700 -- "$REPORT_DIR"

usage_kb=$(du -sk "$REPORT_DIR" | cut -f1)
log "reports directory now uses ${usage_kb} KiB"
