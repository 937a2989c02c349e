#!/usr/bin/env bash
# workspace-tidy: clean build leftovers in the current project and report
# what was freed.  Cleaning is organised as a list of "steps", each a shell
# function, with pre/post hooks so project-specific steps can be added in
# .tidyrc (a simple key=value file, parsed - never sourced).
set -euo pipefail

PROG=${0##*/}
PROJECT_ROOT=$(pwd)
CONFIG_FILE="${PROJECT_ROOT}/.tidyrc"
DRY_RUN=0
VERBOSE=0
KEEP_DIST=0

declare -a STEPS=(python_caches node_caches build_dirs coverage_files editor_swap)
declare -a PRE_HOOKS=()
declare -a POST_HOOKS=()
declare -A CONFIG=([extra_dirs]="" [keep]="" [max_log_age_days]="14")
FREED_BYTES=0

log()  { printf '%s: %s\n' "$PROG" "$*" >&2; }
vlog() { [[ $VERBOSE -eq 1 ]] && log "$@" || true; }
die()  { log "error: $*"; exit 1; }

usage() {
    cat <<EOF
usage: $PROG [-n] [-v] [-k] [-s step[,step...]]
  -n   dry run, only print what would be removed
  -v   verbose
  -k   keep ./dist
  -s   run only the given steps (default: ${STEPS[*]})
EOF
}

detect_platform() {
    local id="unknown" version=""
    if [[ -r /etc/os-release ]]; then
        while IFS='=' read -r key value; do
            value=${value//\"/}
            case $key in
                ID) id=$value ;;
                VERSION_ID) version=$value ;;
            esac
        done < /etc/os-release
    fi
    printf '%s %s\n' "$id" "$version"
}

load_config() {
    [[ -f $CONFIG_FILE ]] || return 0
    local key value
    while IFS='=' read -r key value; do
        [[ -z $key || $key == \#* ]] && continue
        key=${key// /}
        if [[ -v CONFIG[$key] ]]; then
            CONFIG[$key]=$value
        else
            log "ignoring unknown setting '$key' in .tidyrc"
        fi
    done < "$CONFIG_FILE"
}

inside_project() {
    local target
    target=$(realpath -m -- "$1")
    [[ $target == "$PROJECT_ROOT"/* ]]
}

is_kept() {
    local path=$1 k
    for k in ${CONFIG[keep]//,/ }; do
        [[ $path == ./$k || $path == ./$k/* ]] && return 0
    done
    return 1
}

remove_path() {
    local path=$1 size
    inside_project "$path" || { log "skipping $path (outside project)"; return 0; }
    is_kept "$path" && { vlog "keeping $path"; return 0; }
    size=$(du -sb -- "$path" 2>/dev/null | cut -f1 || echo 0)
    FREED_BYTES=$((FREED_BYTES + ${size:-0}))
    if [[ $DRY_RUN -eq 1 ]]; then
        printf 'would remove %s (%s bytes)\n' "$path" "$size"
    else
        vlog "removing $path"
        rm -rf -- "$path"
    fi
}

each_match() {
    # each_match <find args...>: yields matching paths below the project root
    find . -path ./.git -prune -o "$@" -print0
}

step_python_caches() {
    while IFS= read -r -d '' p; do remove_path "$p"; done \
        < <(each_match \( -name __pycache__ -o -name .pytest_cache -o -name .mypy_cache \) -type d)
    while IFS= read -r -d '' p; do remove_path "$p"; done < <(each_match -name '*.py[co]' -type f)
}

step_node_caches() {
    [[ -d node_modules/.cache ]] && remove_path ./node_modules/.cache
    [[ -d .parcel-cache ]] && remove_path ./.parcel-cache
    return 0
}

step_build_dirs() {
    local d
    for d in build .eggs ${CONFIG[extra_dirs]//,/ }; do
        [[ -e $d ]] && remove_path "./$d"
    done
    if [[ $KEEP_DIST -eq 0 && -d dist ]]; then
        remove_path ./dist
    fi
    while IFS= read -r -d '' p; do remove_path "$p"; done < <(each_match -name '*.egg-info' -type d)
}

step_coverage_files() {
    local f
    for f in .coverage coverage.xml htmlcov; do
        [[ -e $f ]] && remove_path "./$f"
    done
    while IFS= read -r -d '' p; do remove_path "$p"; done \
        < <(each_match -name '*.log' -path './logs/*' -mtime "+${CONFIG[max_log_age_days]}")
}

step_editor_swap() {
    while IFS= read -r -d '' p; do remove_path "$p"; done \
        < <(each_match \( -name '*.swp' -o -name '*~' -o -name '.DS_Store' \) -type f)
}

run_hooks() {
    local h
    for h in "$@"; do
        vlog "hook: $h"
        "$h"
    done
}

human_size() {
    local b=$1
    if (( b > 1073741824 )); then printf '%d.%d GiB' $((b/1073741824)) $(((b%1073741824)*10/1073741824))
    elif (( b > 1048576 )); then printf '%d MiB' $((b/1048576))
    elif (( b > 1024 )); then printf '%d KiB' $((b/1024))
    else printf '%d B' "$b"; fi
}

hook_announce() { log "tidying $PROJECT_ROOT on $(detect_platform)"; }
hook_summary()  { log "freed $(human_size "$FREED_BYTES")"; }

main() {
    local only=""
    while getopts ':nvks:h' opt; do
        case $opt in
            n) DRY_RUN=1 ;;
            v) VERBOSE=1 ;;
            k) KEEP_DIST=1 ;;
            s) only=$OPTARG ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    [[ -f pyproject.toml || -f package.json || -f setup.py || -d .git ]] \
        || die "this does not look like a project root: $PROJECT_ROOT"

    load_config
    if [[ -n $only ]]; then
        IFS=',' read -r -a STEPS <<< "$only"
    fi
    PRE_HOOKS+=(hook_announce)
    POST_HOOKS+=(hook_summary)

    run_hooks "${PRE_HOOKS[@]}"
    local s
    for s in "${STEPS[@]}"; do
        declare -F "step_$s" >/dev/null || die "unknown step: $s"
        vlog "step: $s"
        "step_$s"
    done
    run_hooks "${POST_HOOKS[@]}"
}

main "$@"
