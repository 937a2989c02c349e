#!/usr/bin/env bash
# Tidy generated artefacts out of the current checkout.
# The table below says what to remove and how; everything is resolved
# relative to the repository root and refuses to leave it.
set -euo pipefail

DRY_RUN=0
VERBOSE=0

read -r -d '' CLEAN_TABLE <<'TABLE' || true
# kind   | pattern                | note
dir      | build                  | cmake / setuptools output
dir      | dist                   | wheels and sdists
dir      | .pytest_cache          | pytest cache
dir      | .mypy_cache            | mypy cache
find-dir | __pycache__            | bytecode caches
find-file| *.pyc                  | stray bytecode
find-file| .coverage.*            | parallel coverage shards
TABLE

log() { printf '[tidy] %s\n' "$*" >&2; }
vlog() { [[ $VERBOSE -eq 1 ]] && log "$@" || true; }

usage() {
    cat <<USAGE
usage: ${0##*/} [-n] [-v]
  -n  dry run, only list what would be removed
  -v  verbose
USAGE
}

while getopts ":nvh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

ROOT=$(git rev-parse --show-toplevel 2>/dev/null || pwd)
cd "$ROOT"
log "working in $ROOT"

remove_path() {
    local p=$1
    case "$(realpath -m -- "$p")" in
        "$ROOT"/*) ;;
        *) log "refusing $p (outside checkout)"; return 0 ;;
    esac
    if [[ $DRY_RUN -eq 1 ]]; then
        printf 'would remove %s\n' "$p"
    else
        rm -rf -- "$p"
        vlog "removed $p"
    fi
}

count=0
while IFS='|' read -r kind pattern _note; do
    kind=$(echo "$kind" | xargs)
    pattern=$(echo "$pattern" | xargs)
    [[ -z "$kind" || "$kind" == \#* ]] && continue
    case "$kind" in
        dir)
            [[ -d "$pattern" ]] && { remove_path "./$pattern"; count=$((count + 1)); }
            ;;
        find-dir)
            while IFS= read -r -d '' hit; do
                remove_path "$hit"; count=$((count + 1))
            done < <(find . -path ./.git -prune -o -type d -name "$pattern" -print0)
            ;;
        find-file)
            while IFS= read -r -d '' hit; do
                remove_path "$hit"; count=$((count + 1))
            done < <(find . -path ./.git -prune -o -type f -name "$pattern" -print0)
            ;;
        *) log "unknown kind '$kind'" ;;
    esac
done <<< "$CLEAN_TABLE"

log "done, $count entries handled"
