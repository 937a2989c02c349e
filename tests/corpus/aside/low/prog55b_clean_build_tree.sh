#!/usr/bin/env bash
# Remove this repository's own build and cache output, then print a short
# environment summary for bug reports. Only paths inside the repo are touched.
set -euo pipefail

usage() {
    cat <<USAGE
Usage: ${0##*/} [-n] [-k] [-v]
  -n   dry run: list what would be removed
  -k   keep node_modules
  -v   verbose
USAGE
}

DRY_RUN=0
KEEP_NODE=0
VERBOSE=0
while getopts "nkvh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_NODE=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { printf '[clean] %s\n' "$*" >&2; }

repo_root=$(git rev-parse --show-toplevel 2>/dev/null || true)
if [[ -z "$repo_root" || "$repo_root" == "/" ]]; then
    log "not inside a git work tree; refusing to clean"
    exit 1
fi
cd "$repo_root"

declare -a top_level=(build dist .tox .mypy_cache .pytest_cache htmlcov .coverage)
(( KEEP_NODE )) || top_level+=(node_modules)

declare -a targets=()
for name in "${top_level[@]}"; do
    [[ -e "$repo_root/$name" ]] && targets+=("$repo_root/$name")
done
while IFS= read -r -d '' cache_dir; do
    targets+=("$cache_dir")
done < <(find "$repo_root" -path "$repo_root/.git" -prune -o -type d \
            \( -name __pycache__ -o -name '*.egg-info' \) -print0)

if (( ${#targets[@]} == 0 )); then
    log "nothing to clean"
else
    for path in "${targets[@]}"; do
        case "$path" in
            "$repo_root"/*) ;;
            *) log "skipping unexpected path $path"; continue ;;
        esac
        if (( DRY_RUN )); then
            printf 'would remove %s\n' "${path#"$repo_root"/}"
        else
            (( VERBOSE )) && log "removing ${path#"$repo_root"/}"
            rm -rf -- "$path"
        fi
    done
fi

distro="unknown"
if [[ -r /etc/os-release ]]; then
    distro=$(. /etc/os-release && printf '%s %s' "${NAME:-?}" "${VERSION_ID:-}")
fi
printf 'repo: %s\nbranch: %s\ndistro: %s\npython: %s\n' \
    "$(basename "$repo_root")" \
    "$(git rev-parse --abbrev-ref HEAD)" \
    "$distro" \
    "$(python3 --version 2>&1 || echo missing)"
