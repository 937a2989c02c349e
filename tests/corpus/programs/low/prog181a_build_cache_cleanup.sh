#!/usr/bin/env bash
# build_cache_cleanup.sh - tidy the mill-tools repository checkout.
#
# Removes this project's own build output and caches, and records a cache
# key (MD5 of the dependency files) so CI knows when to rebuild the venv.
set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
KEY_FILE="${PROJECT_ROOT}/.cache-key"
DRY_RUN="${DRY_RUN:-0}"

build_dirs=(build dist .pytest_cache .mypy_cache htmlcov)
dep_files=(requirements.txt requirements-dev.txt pyproject.toml)

say() { printf '[cleanup] %s\n' "$*"; }

remove() {
    local target="$1"
    case "$target" in
        "$PROJECT_ROOT"/*) ;;
        *) say "refusing to touch $target"; return 1 ;;
    esac
    if [ "$DRY_RUN" = 1 ]; then
        say "would remove ${target#"$PROJECT_ROOT"/}"
    else
        rm -rf -- "$target"
        say "removed ${target#"$PROJECT_ROOT"/}"
    fi
}

clean_build() {
    local d
    for d in "${build_dirs[@]}"; do
        [ -e "${PROJECT_ROOT}/${d}" ] && remove "${PROJECT_ROOT}/${d}"
    done
    return 0
}

clean_pycache() {
    local p
    while IFS= read -r -d '' p; do
        remove "$p"
    done < <(find "$PROJECT_ROOT" -path "$PROJECT_ROOT/.git" -prune -o \
                 \( -name __pycache__ -o -name '*.egg-info' \) -print0)
}

cache_key() {
    local f present=()
    for f in "${dep_files[@]}"; do
        [ -f "${PROJECT_ROOT}/${f}" ] && present+=("${PROJECT_ROOT}/${f}")
    done
    [ "${#present[@]}" -gt 0 ] || { say "no dependency files"; return 0; }
    cat "${present[@]}" | md5sum | cut -d' ' -f1 > "$KEY_FILE"
    chmod 600 "$KEY_FILE"
    say "cache key $(cat "$KEY_FILE")"
}

declare -A tasks=([build]=clean_build [pycache]=clean_pycache [key]=cache_key)

main() {
    local order=("$@")
    [ "${#order[@]}" -gt 0 ] || order=(build pycache key)
    local t
    for t in "${order[@]}"; do
        "${tasks[$t]:?unknown task $t}"
    done
}

main "$@"
