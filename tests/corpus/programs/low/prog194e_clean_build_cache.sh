#!/usr/bin/env bash
# clean_build_cache.sh - tidy the kiosk-app checkout before packaging:
# removes build output and caches inside this project directory only,
# then writes a checksum manifest of the source tree.
#
# Usage: clean_build_cache.sh [--dry-run] [--keep-venv]
set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DRY_RUN=0
KEEP_VENV=0
MANIFEST="SOURCES.sha256"

for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        --keep-venv) KEEP_VENV=1 ;;
        *) echo "unknown option: $arg" >&2; exit 1 ;;
    esac
done

log() { printf 'clean: %s\n' "$*"; }

build_dirs() {
    local dirs=(build dist .pytest_cache .mypy_cache htmlcov)
    (( KEEP_VENV )) || dirs+=(.venv)
    printf '%s\n' "${dirs[@]}"
}

inside_project() {
    local target
    target="$(realpath -m "$1")"
    [[ "$target" == "$PROJECT_ROOT"/* ]]
}

remove() {
    local path="$1"
    if ! inside_project "$path"; then
        log "skipping $path (outside project)"
        return
    fi
    if (( DRY_RUN )); then
        log "would remove $path"
    else
        rm -rf -- "$path"
        log "removed ${path#"$PROJECT_ROOT"/}"
    fi
}

clean_named() {
    local d
    while IFS= read -r d; do
        [[ -e "$PROJECT_ROOT/$d" ]] && remove "$PROJECT_ROOT/$d"
    done < <(build_dirs)
}

clean_pycache() {
    local p
    while IFS= read -r -d '' p; do
        remove "$p"
    done < <(find "$PROJECT_ROOT" -path "$PROJECT_ROOT/.git" -prune -o \
                  \( -name __pycache__ -o -name '*.egg-info' \) -print0)
    find "$PROJECT_ROOT" -name '*.py[co]' -not -path '*/.git/*' \
        $( (( DRY_RUN )) && echo "-print" || echo "-delete" )
}

write_manifest() {
    (( DRY_RUN )) && { log "would write $MANIFEST"; return; }
    (
        cd "$PROJECT_ROOT"
        git ls-files 2>/dev/null || find . -type f -not -path './.git/*' -printf '%P\n'
    ) | grep -v "^${MANIFEST}\$" | sort | (cd "$PROJECT_ROOT" && xargs -r -d '\n' sha256sum) \
        > "$PROJECT_ROOT/$MANIFEST"
    chmod 0644 "$PROJECT_ROOT/$MANIFEST"
    log "manifest: $(wc -l < "$PROJECT_ROOT/$MANIFEST") files"
}

declare -a STEPS=(clean_named clean_pycache write_manifest)
for step in "${STEPS[@]}"; do
    "$step"
done
