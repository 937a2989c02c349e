#!/usr/bin/env bash
# Housekeeping for the survey toolkit checkout: removes generated reports,
# caches and build folders, tightens the permissions of the local settings
# file and prints a short environment summary for bug reports.
set -euo pipefail

ROOT="${ROOT:-$PWD}"
SETTINGS="${SETTINGS:-settings.local.ini}"
DRY_RUN=0
TARGETS=(build dist .pytest_cache .weather_cache review __pycache__)

log() { echo "tidy: $*"; }

usage() {
    echo "usage: $0 [-n] [-r root]"
    echo "  -n  dry run, list what would be removed"
}

while getopts "nr:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        r) ROOT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

cd "$ROOT"
if [[ ! -f "pyproject.toml" && ! -d ".git" ]]; then
    echo "refusing to run outside a toolkit checkout: $ROOT" >&2
    exit 1
fi

remove_path() {
    local p="$1"
    if (( DRY_RUN )); then
        log "would remove $p"
    else
        rm -rf -- "$p"
        log "removed $p"
    fi
}

clean_generated() {
    local t
    for t in "${TARGETS[@]}"; do
        while IFS= read -r -d '' hit; do
            remove_path "$hit"
        done < <(find . -path ./.git -prune -o -name "$t" -print0)
    done
    find . -path ./.git -prune -o -name '*.pyc' -print0 | while IFS= read -r -d '' f; do
        remove_path "$f"
    done
}

protect_settings() {
    if [[ -f "$SETTINGS" ]]; then
        chmod 600 "$SETTINGS"
        log "$SETTINGS set to owner-only"
    fi
}

env_summary() {
    local os_name="unknown"
    if [[ -r /etc/os-release ]]; then
        os_name="$(. /etc/os-release && echo "${PRETTY_NAME:-unknown}")"
    fi
    log "os: $os_name"
    log "cpu: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ //')"
    log "python: $(python3 --version 2>/dev/null || echo missing)"
}

clean_generated
protect_settings
env_summary
