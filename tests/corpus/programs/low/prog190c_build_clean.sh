#!/usr/bin/env bash
# build_clean.sh - tidy the catalogue/tools repository: remove build output
# and caches from the working tree, then checksum the release artefacts.
set -euo pipefail

ROOT="$(pwd)"
RELEASE_DIR="${RELEASE_DIR:-release}"
KEEP_RELEASES="${KEEP_RELEASES:-3}"

log() { printf '[clean] %s\n' "$*"; }

# what counts as generated, per kind
declare -A PATTERNS=(
    [dirs]="build dist _build .pytest_cache .mypy_cache .tension_cache"
    [pycache]="__pycache__"
    [files]="*.pyc *.pyo *.log.tmp"
)

guard() {
    # never run outside a checkout of our own repo
    [[ -f "$ROOT/pyproject.toml" || -f "$ROOT/catalog/conf.py" ]] || {
        log "not in the harpworks tools repo; refusing"
        exit 1
    }
}

clean_dirs() {
    local d
    for d in ${PATTERNS[dirs]}; do
        if [[ -d "$ROOT/$d" ]]; then
            rm -rf -- "${ROOT:?}/$d"
            log "removed $d/"
        fi
    done
}

clean_pycache() {
    local n
    n=$(find "$ROOT" -type d -name "${PATTERNS[pycache]}" -prune -print | wc -l)
    find "$ROOT" -type d -name "${PATTERNS[pycache]}" -prune -exec rm -rf {} +
    log "removed $n __pycache__ dirs"
}

clean_files() {
    local p
    for p in ${PATTERNS[files]}; do
        find "$ROOT" -path "$ROOT/.git" -prune -o -type f -name "$p" -print -delete
    done
}

prune_releases() {
    [[ -d "$RELEASE_DIR" ]] || return 0
    mapfile -t old < <(ls -1dt "$RELEASE_DIR"/*/ 2>/dev/null | tail -n +"$((KEEP_RELEASES + 1))")
    if (( ${#old[@]} )); then
        rm -rf -- "${old[@]}"
        log "pruned ${#old[@]} old releases"
    fi
}

checksum_release() {
    local latest
    latest=$(ls -1dt "$RELEASE_DIR"/*/ 2>/dev/null | head -n1) || true
    [[ -n "$latest" ]] || { log "no releases to checksum"; return 0; }
    ( cd "$latest" && find . -type f ! -name SHA256SUMS -print0 | sort -z | xargs -0 sha256sum >SHA256SUMS )
    log "wrote ${latest}SHA256SUMS"
}

steps=( guard clean_dirs clean_pycache clean_files prune_releases checksum_release )
for step in "${steps[@]}"; do
    "$step"
done
log "done"
