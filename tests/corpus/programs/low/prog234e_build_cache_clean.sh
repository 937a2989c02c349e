#!/usr/bin/env bash
# build_cache_clean.sh - tidy the working copy of the signing-client plugins.
#
# The archive admins build the office's signing-client plugins from the
# in-house repository. Builds leave packaging output and caches behind; this
# reports what is taking space in the working copy and removes only the
# build's own output directories.

set -euo pipefail

WORKDIR="${WORKDIR:-$(pwd)}"
LOG="${LOG:-$WORKDIR/cache_clean.log}"
DRY_RUN=0
KEEP_DIST=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

usage() {
    echo "usage: $0 [-n] [-k]   (-n dry run, -k keep dist/)" >&2
    exit 1
}

while getopts ":nkh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP_DIST=1 ;;
        *) usage ;;
    esac
done

cd "$WORKDIR"
if [[ ! -f pyproject.toml && ! -f setup.py ]]; then
    log "not a plugin working copy: $WORKDIR"
    exit 1
fi

platform_info() {
    local os_name="unknown"
    if [[ -r /etc/os-release ]]; then
        os_name="$(. /etc/os-release && echo "${PRETTY_NAME:-$NAME}")"
    fi
    local cores
    cores="$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo '?')"
    log "host: $os_name, $cores cpu(s)"
}

remove_path() {
    local p="$1" size
    [[ -e "$p" ]] || return 0
    size="$(du -sh -- "$p" 2>/dev/null | cut -f1)"
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "would remove $p ($size)"
    else
        rm -rf -- "$p"
        log "removed $p ($size)"
    fi
}

clean_build_output() {
    remove_path "./build"
    remove_path "./.pytest_cache"
    remove_path "./.mypy_cache"
    remove_path "./.tox"
    if [[ "$KEEP_DIST" -eq 0 ]]; then
        remove_path "./dist"
    fi
    local d
    while IFS= read -r -d '' d; do
        remove_path "$d"
    done < <(find . -path ./.git -prune -o \( -type d \( -name '__pycache__' -o -name '*.egg-info' \) \) -print0)
}

report_usage() {
    log "largest entries in working copy:"
    du -sh -- ./* 2>/dev/null | sort -rh | head -n 8 | tee -a "$LOG"
}

main() {
    log "cleaning $WORKDIR (dry_run=$DRY_RUN)"
    platform_info
    clean_build_output
    report_usage
    log "done"
}

main
