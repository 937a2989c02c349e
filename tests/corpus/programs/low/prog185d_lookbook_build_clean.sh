#!/usr/bin/env bash
# lookbook_build_clean.sh - tidy the seasonal lookbook project folder.
#
# The lookbook (costume catalogue PDF + web gallery) is built from this
# folder.  Rebuilds leave resized photos, thumbnails and intermediate PDFs
# behind; this removes them so the next build starts fresh.
#
# Usage: ./lookbook_build_clean.sh [--all] [--dry-run]
set -euo pipefail

cd "$(dirname "$0")"
PROJECT_DIR="$(pwd)"
ALL=0
DRY_RUN=0

for arg in "$@"; do
    case "$arg" in
        --all) ALL=1 ;;
        --dry-run) DRY_RUN=1 ;;
        *) echo "unknown option: $arg" >&2; exit 1 ;;
    esac
done

log() { echo "[lookbook-clean] $*"; }

# folders produced by the build, relative to the project
build_outputs() {
    printf '%s\n' build dist .thumbs .resized
    [[ "$ALL" -eq 1 ]] && printf '%s\n' .cache node_modules
    return 0
}

remove_path() {
    local rel="$1"
    local target="$PROJECT_DIR/$rel"
    [[ -e "$target" ]] || return 0
    case "$target" in
        "$PROJECT_DIR"/*) ;;
        *) log "refusing to touch $target"; return 1 ;;
    esac
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "would remove $rel ($(du -sh "$target" | cut -f1))"
    else
        rm -rf -- "$target"
        log "removed $rel"
    fi
}

remove_strays() {
    local pattern
    for pattern in '*.aux' '*.log' '*.tmp.pdf' '.DS_Store'; do
        if [[ "$DRY_RUN" -eq 1 ]]; then
            find "$PROJECT_DIR/src" -name "$pattern" -type f -print 2>/dev/null || true
        else
            find "$PROJECT_DIR/src" -name "$pattern" -type f -delete 2>/dev/null || true
        fi
    done
}

before="$(du -sh "$PROJECT_DIR" | cut -f1)"
while IFS= read -r rel; do
    remove_path "$rel"
done < <(build_outputs)
remove_strays
after="$(du -sh "$PROJECT_DIR" | cut -f1)"
log "project size $before -> $after"
