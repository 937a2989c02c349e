#!/usr/bin/env bash
# Clean the build and cache output of the catalogue generator in this
# project directory (rendered PDFs, thumbnails, Python caches).
set -euo pipefail

PROJECT_DIR="${1:-.}"
KEEP_DAYS="${KEEP_DAYS:-14}"
DRY_RUN="${DRY_RUN:-0}"

cd "$PROJECT_DIR"
[[ -f catalogue.toml ]] || { echo "not a catalogue project: $(pwd)" >&2; exit 1; }

BUILD_DIRS=(build dist .thumbs)
CACHE_GLOBS=("__pycache__" ".pytest_cache" ".mypy_cache")

say() { echo "[cleanup] $*"; }

remove() {
    local target="$1"
    case "$target" in
        ./*|build*|dist*|.thumbs*) ;;
        *) say "refusing ${target}"; return 0 ;;
    esac
    if (( DRY_RUN )); then
        say "would remove ${target}"
    else
        rm -rf -- "$target"
        say "removed ${target}"
    fi
}

clean_build() {
    local d
    for d in "${BUILD_DIRS[@]}"; do
        [[ -d "$d" ]] && remove "$d"
    done
    return 0
}

clean_caches() {
    local g path
    for g in "${CACHE_GLOBS[@]}"; do
        while IFS= read -r -d '' path; do
            remove "$path"
        done < <(find . -type d -name "$g" -prune -print0)
    done
}

clean_old_renders() {
    local f
    [[ -d renders ]] || return 0
    while IFS= read -r -d '' f; do
        remove "./${f#./}"
    done < <(find ./renders -type f -name '*.pdf' -mtime "+${KEEP_DAYS}" -print0)
}

report() {
    say "project size now $(du -sh . | cut -f1)"
}

declare -A TASKS=([build]=clean_build [caches]=clean_caches [renders]=clean_old_renders)
ORDER=(build caches renders)

for t in "${ORDER[@]}"; do
    "${TASKS[$t]}"
done
report
