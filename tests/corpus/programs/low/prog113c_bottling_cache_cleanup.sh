#!/usr/bin/env bash
# bottling_cache_cleanup.sh - tidy the bottling-run workspace after a run has
# been signed off: archive the run sheet and fill-level log, then remove the
# label proofs, preview renders and build caches the run left behind.
#
#   ./bottling_cache_cleanup.sh RUN_ID [--keep-proofs] [--dry-run]
set -euo pipefail

RUN_ID="${1:-}"
shift || true
KEEP_PROOFS=0
DRY_RUN=0
for arg in "$@"; do
    case "$arg" in
        --keep-proofs) KEEP_PROOFS=1 ;;
        --dry-run) DRY_RUN=1 ;;
        *) echo "unknown option: $arg" >&2; exit 2 ;;
    esac
done

[[ -n "$RUN_ID" ]] || { echo "usage: $0 RUN_ID [--keep-proofs] [--dry-run]" >&2; exit 2; }
[[ "$RUN_ID" =~ ^[A-Z]{2}[0-9]{2}-[0-9]{3}$ ]] || { echo "odd run id: $RUN_ID" >&2; exit 2; }

RUN_DIR="./runs/$RUN_ID"
ARCHIVE_DIR="./archive"
[[ -d "$RUN_DIR" ]] || { echo "no such run: $RUN_DIR" >&2; exit 1; }

log() { printf '[cleanup %s] %s\n' "$RUN_ID" "$*"; }
do_rm() {
    if [[ "$DRY_RUN" == 1 ]]; then
        log "would remove $*"
    else
        rm -rf -- "$@"
    fi
}

freed_before=$(du -sk "$RUN_DIR" | cut -f1)

archive_run() {
    mkdir -p "$ARCHIVE_DIR"
    local out="$ARCHIVE_DIR/$RUN_ID.tar.gz"
    if [[ -f "$out" ]]; then
        log "archive already exists: $out"
        return
    fi
    local keep=()
    for f in runsheet.csv fill_levels.csv qa_signoff.pdf; do
        [[ -f "$RUN_DIR/$f" ]] && keep+=("$f")
    done
    if [[ ${#keep[@]} -eq 0 ]]; then
        log "nothing to archive"
        return
    fi
    [[ "$DRY_RUN" == 1 ]] || tar -czf "$out" -C "$RUN_DIR" "${keep[@]}"
    log "archived ${keep[*]} -> $out"
}

clean_run_dir() {
    [[ "$KEEP_PROOFS" == 1 ]] || do_rm "$RUN_DIR/proofs"
    do_rm "$RUN_DIR/render" "$RUN_DIR/.cache" "$RUN_DIR/tmp"
    find "$RUN_DIR" -maxdepth 2 -type f \( -name '*.pdf.part' -o -name '*.png~' -o -name '.~lock.*#' \) \
        -print0 | while IFS= read -r -d '' f; do do_rm "$f"; done
}

clean_build_cache() {
    # label template build output shared by all runs
    do_rm ./build/labels ./.label-cache
    find . -type d -name __pycache__ -prune -print0 | while IFS= read -r -d '' d; do do_rm "$d"; done
}

archive_run
clean_run_dir
clean_build_cache

freed_after=$(du -sk "$RUN_DIR" 2>/dev/null | cut -f1 || echo 0)
log "freed $(( (freed_before - ${freed_after:-0}) / 1024 )) MiB"
