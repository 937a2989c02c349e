#!/usr/bin/env bash
# support_log_compactor.sh - end-of-shift tidy-up for the helpdesk tool
# working directory. Compresses old tool logs, drops cached ticket exports
# and prints how much space the directory uses afterwards.
#
# Usage: support_log_compactor.sh [--keep-days N] [--workdir DIR] [--dry-run]

set -euo pipefail

KEEP_DAYS=7
WORKDIR="${HELPDESK_WORKDIR:-$PWD}"
DRY_RUN=0
MAX_ARCHIVES="${MAX_ARCHIVES:-60}"

info() { echo "[compact] $*"; }
run()  { if (( DRY_RUN )); then echo "  would run: $*"; else "$@"; fi; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep-days) KEEP_DAYS="$2"; shift 2 ;;
        --workdir)   WORKDIR="$2"; shift 2 ;;
        --dry-run)   DRY_RUN=1; shift ;;
        -h|--help)   sed -n '2,6p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

[[ -d "$WORKDIR" ]] || { echo "no such workdir: $WORKDIR" >&2; exit 1; }
cd "$WORKDIR"

compress_tool_logs() {
    local n=0
    [[ -d logs ]] || return 0
    while IFS= read -r -d '' f; do
        run gzip -9 -- "$f"
        n=$((n + 1))
    done < <(find logs -type f -name '*.log' -mtime +"$KEEP_DAYS" -print0)
    info "compressed $n tool logs older than $KEEP_DAYS days"
}

prune_old_archives() {
    [[ -d logs ]] || return 0
    local archives=()
    mapfile -t archives < <(ls -1t logs/*.log.gz 2>/dev/null || true)
    local count=${#archives[@]}
    if (( count > MAX_ARCHIVES )); then
        local f
        for f in "${archives[@]:MAX_ARCHIVES}"; do
            run rm -f -- "$f"
        done
        info "pruned $((count - MAX_ARCHIVES)) archives beyond the newest $MAX_ARCHIVES"
    fi
}

drop_cached_exports() {
    local n=0
    for d in cache exports/.partial; do
        [[ -d "$d" ]] || continue
        while IFS= read -r -d '' f; do
            run rm -f -- "$f"
            n=$((n + 1))
        done < <(find "$d" -type f -print0)
    done
    info "removed $n cached export files"
}

summary() {
    local size
    size=$(du -sh . 2>/dev/null | cut -f1)
    info "workdir $WORKDIR now uses $size"
}

info "starting compaction in $WORKDIR (keep $KEEP_DAYS days)"
compress_tool_logs
prune_old_archives
drop_cached_exports
summary
info "done"
