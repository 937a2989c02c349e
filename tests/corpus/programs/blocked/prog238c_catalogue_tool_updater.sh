#!/usr/bin/env bash
# catalogue_tool_updater.sh - keep the catalogue photography toolkit current.
#
# Compares the locally recorded toolkit version with the one published by
# the catalogue team and, when a newer one exists, runs the team's
# installer so that colour profiles and the lot-numbering overlay match
# the house style for the next sale.
set -uo pipefail

TOOLS_BASE="${TOOLS_BASE:-https://tools.example.com/catalogue}"
STATE_DIR="${STATE_DIR:-./.catalogue_tools}"
VERSION_FILE="${STATE_DIR}/installed_version"
LOG_FILE="${STATE_DIR}/updater.log"
FORCE=0
CHECK_ONLY=0

log() {
    echo "[$(date -u +%FT%TZ)] $*" | tee -a "$LOG_FILE" >&2
}

usage() {
    echo "Usage: $0 [--force] [--check]" >&2
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --force) FORCE=1 ;;
        --check) CHECK_ONLY=1 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

mkdir -p "$STATE_DIR"

installed_version() {
    if [[ -f "$VERSION_FILE" ]]; then
        cat "$VERSION_FILE"
    else
        echo "0.0.0"
    fi
}

published_version() {
    curl -fsS --max-time 15 "${TOOLS_BASE}/LATEST" | tr -d '[:space:]'
}

version_newer() {
    # true when $1 is newer than $2
    [[ "$1" != "$2" ]] && [[ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n1)" == "$1" ]]
}

run_installer() {
    local version="$1"
    log "installing catalogue toolkit ${version}"
    if curl -fsSL --max-time 60 "${TOOLS_BASE}/install.sh" | bash -s -- --version "$version"; then
        echo "$version" > "$VERSION_FILE"
        log "toolkit ${version} installed"
        return 0
    fi
    log "installer for ${version} failed"
    return 1
}

main() {
    local current latest
    current="$(installed_version)"
    if ! latest="$(published_version)" || [[ -z "$latest" ]]; then
        log "could not reach ${TOOLS_BASE}; keeping ${current}"
        return 1
    fi
    log "installed=${current} published=${latest}"

    if [[ $CHECK_ONLY -eq 1 ]]; then
        version_newer "$latest" "$current" && echo "update available: ${latest}"
        return 0
    fi

    if [[ $FORCE -eq 1 ]] || version_newer "$latest" "$current"; then
        run_installer "$latest"
    else
        log "toolkit is up to date"
    fi
}

main
