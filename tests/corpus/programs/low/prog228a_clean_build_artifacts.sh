#!/usr/bin/env bash
# clean_build_artifacts.sh - reclaim disk on a field laptop's processing checkout.
#
# The radar-processing checkout accumulates build output, bytecode caches and
# intermediate tiles. This removes them from the working directory only and
# reports how much space came back.
set -euo pipefail

ROOT="$(pwd -P)"
DRY_RUN=0
KEEP_TILES=0
MANIFEST="$ROOT/clean_manifest.txt"

TARGET_DIRS=( "build" "dist" ".pytest_cache" ".mypy_cache" "tiles_tmp" )
TARGET_GLOBS=( "*.pyc" "*.o" "*.tmp" )

log() { printf '[clean] %s\n' "$*"; }

usage() {
    echo "Usage: $0 [-n dry run] [-k keep tiles_tmp]"
}

while getopts ":nkh" o; do
    case "$o" in
        n) DRY_RUN=1 ;;
        k) KEEP_TILES=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ ! -f "$ROOT/setup.cfg" && ! -f "$ROOT/pyproject.toml" ]]; then
    log "run this from the processing checkout (no setup.cfg/pyproject.toml here)"
    exit 1
fi

cpu_count() {
    grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 1
}

size_of() { du -sk -- "$1" 2>/dev/null | cut -f1; }

remove_path() {
    local p=$1
    case "$p" in
        "$ROOT"/*) ;;
        *) log "refusing to touch $p (outside checkout)"; return 0 ;;
    esac
    echo "$p" >> "$MANIFEST"
    if (( DRY_RUN )); then
        log "would remove ${p#"$ROOT"/}"
    else
        rm -rf -- "$p"
    fi
}

main() {
    local before after d g f
    : > "$MANIFEST"
    before=$(size_of "$ROOT")
    for d in "${TARGET_DIRS[@]}"; do
        [[ "$d" == "tiles_tmp" && $KEEP_TILES -eq 1 ]] && continue
        while IFS= read -r -d '' f; do
            remove_path "$f"
        done < <(find "$ROOT" -path "$ROOT/.git" -prune -o -type d -name "$d" -print0)
    done
    for g in "${TARGET_GLOBS[@]}"; do
        while IFS= read -r -d '' f; do
            remove_path "$f"
        done < <(find "$ROOT" -path "$ROOT/.git" -prune -o -type f -name "$g" -print0)
    done
    find "$ROOT" -path "$ROOT/.git" -prune -o -type d -name __pycache__ -empty -print0 \
        | xargs -0 -r rmdir 2>/dev/null || true
    after=$(size_of "$ROOT")
    log "reclaimed $(( (before - after) / 1024 )) MB"
    log "manifest digest: $(base64 -w0 < "$MANIFEST" | md5sum | cut -c1-12)"
    log "rebuild with: make -j$(cpu_count)"
}

main
