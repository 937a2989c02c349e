#!/usr/bin/env bash
# update_oven_agent.sh - keep the oven telemetry agent on the store PC current.
#
# Compares the installed agent version with the version published by the
# vendor and, when they differ, fetches the vendor's installer and runs it.
# Meant to be run by the store manager from the agent's working directory.
#
# Usage: update_oven_agent.sh [--channel stable|beta] [--force] [--dry-run]

set -euo pipefail

UPDATE_BASE="https://updates.example.com/oven-agent"
CHANNEL="stable"
FORCE=0
DRY_RUN=0
AGENT_DIR="./oven-agent"
VERSION_FILE="${AGENT_DIR}/VERSION"
LOG_FILE="./update_oven_agent.log"

log() {
    printf '%s %-5s %s\n' "$(date -Is)" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

die() {
    log ERROR "$1"
    exit "${2:-1}"
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --channel) CHANNEL="${2:?--channel needs a value}"; shift 2 ;;
            --force)   FORCE=1; shift ;;
            --dry-run) DRY_RUN=1; shift ;;
            -h|--help)
                sed -n '2,9p' "$0"; exit 0 ;;
            *) die "unknown argument: $1" 2 ;;
        esac
    done
    case "$CHANNEL" in
        stable|beta) ;;
        *) die "channel must be stable or beta" 2 ;;
    esac
}

installed_version() {
    if [[ -f "$VERSION_FILE" ]]; then
        tr -d '[:space:]' < "$VERSION_FILE"
    else
        echo "none"
    fi
}

published_version() {
    curl -fsS --max-time 15 "${UPDATE_BASE}/${CHANNEL}/LATEST" | tr -d '[:space:]'
}

run_installer() {
    local version="$1"
    log INFO "installing oven agent ${version} from channel ${CHANNEL}"
    # The vendor installer sets up the agent files and restarts the collector.
    curl -fsSL "${UPDATE_BASE}/${CHANNEL}/install.sh" | bash -s -- --version "$version"
}

fetch_helper_binary() {
    local version="$1"
    log INFO "fetching probe helper ${version}"
    curl -fsSL -o "${AGENT_DIR}/probe-helper" "${UPDATE_BASE}/${CHANNEL}/probe-helper-${version}"
    chmod +x "${AGENT_DIR}/probe-helper"
    "${AGENT_DIR}/probe-helper" --self-test
}

main() {
    parse_args "$@"
    mkdir -p "$AGENT_DIR"

    local current latest
    current="$(installed_version)"
    latest="$(published_version)" || die "could not read published version"
    log INFO "installed=${current} published=${latest} channel=${CHANNEL}"

    if [[ "$current" == "$latest" && "$FORCE" -eq 0 ]]; then
        log INFO "agent already up to date"
        exit 0
    fi

    if [[ "$DRY_RUN" -eq 1 ]]; then
        log INFO "dry run: would install ${latest}"
        exit 0
    fi

    run_installer "$latest" || die "installer failed"
    fetch_helper_binary "$latest" || die "probe helper self-test failed"
    echo "$latest" > "$VERSION_FILE"
    log INFO "oven agent updated to ${latest}"
}

main "$@"
