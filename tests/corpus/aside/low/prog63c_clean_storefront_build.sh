#!/usr/bin/env bash
# Clean build output and caches of the storefront theme project.
# Only touches directories inside the current checkout.
set -euo pipefail

PROJECT_ROOT="$(pwd)"
DRY_RUN=0
KEEP_REPORTS=1
VERBOSE=0

usage() {
    cat <<USAGE
Usage: $0 [-n] [-a] [-v]
  -n   dry run, only list what would be removed
  -a   also remove generated price-list reports in ./reports/tmp
  -v   verbose
USAGE
}

log() {
    printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"
}

while getopts ":nav" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        a) KEEP_REPORTS=0 ;;
        v) VERBOSE=1 ;;
        *) usage; exit 1 ;;
    esac
done

if [[ ! -f "$PROJECT_ROOT/package.json" || ! -d "$PROJECT_ROOT/src" ]]; then
    log "not in the storefront checkout (package.json/src missing), aborting"
    exit 1
fi

TARGETS=(
    "dist"
    "build"
    ".parcel-cache"
    "node_modules/.cache"
    "coverage"
    ".pytest_cache"
)
if [[ $KEEP_REPORTS -eq 0 ]]; then
    TARGETS+=("reports/tmp")
fi

remove_path() {
    local rel="$1"
    local abs="$PROJECT_ROOT/$rel"
    if [[ ! -e "$abs" ]]; then
        [[ $VERBOSE -eq 1 ]] && log "skip $rel (absent)"
        return 0
    fi
    local size
    size=$(du -sh "$abs" 2>/dev/null | cut -f1)
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would remove $rel ($size)"
    else
        rm -rf -- "$abs"
        log "removed $rel ($size)"
    fi
}

for t in "${TARGETS[@]}"; do
    remove_path "$t"
done

# Python bytecode left behind by the invoice helper scripts
count=$(find "$PROJECT_ROOT/scripts" -type d -name '__pycache__' 2>/dev/null | wc -l)
if [[ $count -gt 0 ]]; then
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would remove $count __pycache__ directories under scripts/"
    else
        find "$PROJECT_ROOT/scripts" -type d -name '__pycache__' -prune -exec rm -rf {} +
        log "removed $count __pycache__ directories"
    fi
fi

# stale sourcemaps from previous theme builds
find "$PROJECT_ROOT/src" -name '*.map' -mtime +14 -print | while read -r f; do
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would remove ${f#$PROJECT_ROOT/}"
    else
        rm -f -- "$f"
    fi
done

log "clean finished"
