#!/usr/bin/env bash
# Clean the build and cache output of the rink website project
# (the session timetable and price list pages). Only removes generated
# files inside the project's own working directory.
set -euo pipefail

PROJECT_DIR="$(pwd -P)"
DRY_RUN=0
DEEP=0

say() { printf '[clean] %s\n' "$*"; }

declare -a GENERATED=(build dist .cache .pytest_cache htmlcov site)
declare -a DEEP_EXTRA=(node_modules .venv)
declare -a FILE_GLOBS=('*.pyc' '*.pyo' '.coverage' '*.log')

inside_project() {
    local resolved
    resolved="$(cd "$1" 2>/dev/null && pwd -P)" || return 1
    [[ "$resolved" == "$PROJECT_DIR"/* ]]
}

remove_path() {
    local target="$1"
    if [[ "$DRY_RUN" -eq 1 ]]; then
        say "would remove $target"
        return
    fi
    rm -rf -- "$target"
    say "removed ${target#"$PROJECT_DIR"/}"
}

clean_dirs() {
    local name path
    local -a names=("${GENERATED[@]}")
    [[ "$DEEP" -eq 1 ]] && names+=("${DEEP_EXTRA[@]}")
    for name in "${names[@]}"; do
        path="$PROJECT_DIR/$name"
        [[ -d "$path" ]] || continue
        if inside_project "$path"; then
            remove_path "$path"
        else
            say "skipping $path (outside project)"
        fi
    done
}

clean_files() {
    local glob
    for glob in "${FILE_GLOBS[@]}"; do
        while IFS= read -r -d '' f; do
            remove_path "$f"
        done < <(find "$PROJECT_DIR" -path "$PROJECT_DIR/.git" -prune -o -type f -name "$glob" -print0)
    done
    find "$PROJECT_DIR" -type d -name __pycache__ -prune -print0 |
        while IFS= read -r -d '' d; do remove_path "$d"; done
}

usage() {
    cat <<EOF
usage: $(basename "$0") [--dry-run] [--deep]
  --dry-run  list what would be removed
  --deep     also remove node_modules and .venv
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --deep) DEEP=1 ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
    shift
done

if [[ ! -f "$PROJECT_DIR/package.json" && ! -f "$PROJECT_DIR/pyproject.toml" ]]; then
    say "no project file in $PROJECT_DIR, refusing to clean"
    exit 1
fi

clean_dirs
clean_files
say "done"
