#!/usr/bin/env bash
# efile_agent_updater.sh
#
# Keeps the e-filing submission agent on clerk workstations current.
# Compares the installed agent version with the vendor channel and, when a
# newer build is published, pulls the vendor's installer and runs it.
#
# Usage: efile_agent_updater.sh [--channel stable|pilot] [--force] [--check-only]

set -euo pipefail

CHANNEL="stable"
FORCE=0
CHECK_ONLY=0
UPDATE_BASE="https://updates.example.com/efile-agent"
AGENT_DIR="./efile-agent"
VERSION_FILE="${AGENT_DIR}/VERSION"
LOG_FILE="./efile_agent_updater.log"

log() {
    printf '%s %-5s %s\n' "$(date -u '+%Y-%m-%dT%H:%M:%SZ')" "$1" "$2" >> "$LOG_FILE"
    [[ "$1" == "ERROR" ]] && printf 'error: %s\n' "$2" >&2
    return 0
}

usage() {
    echo "Usage: $0 [--channel stable|pilot] [--force] [--check-only]"
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --channel) CHANNEL="${2:?--channel needs a value}"; shift 2 ;;
            --force) FORCE=1; shift ;;
            --check-only) CHECK_ONLY=1; shift ;;
            -h|--help) usage; exit 0 ;;
            *) echo "unknown argument: $1" >&2; usage; exit 2 ;;
        esac
    done
    case "$CHANNEL" in
        stable|pilot) ;;
        *) echo "channel must be stable or pilot" >&2; exit 2 ;;
    esac
}

installed_version() {
    if [[ -f "$VERSION_FILE" ]]; then
        tr -d '[:space:]' < "$VERSION_FILE"
    else
        echo "0.0.0"
    fi
}

published_version() {
    curl -fsS --max-time 15 "${UPDATE_BASE}/${CHANNEL}/LATEST" | tr -d '[:space:]'
}

version_gt() {
    # true when $1 is strictly newer than $2
    [[ "$1" != "$2" ]] && [[ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n1)" == "$1" ]]
}

run_installer() {
    local version="$1"
    log INFO "installing agent ${version} from ${CHANNEL} channel"
    # Vendor installer handles stopping the agent, replacing files and restart.
    curl -fsSL "${UPDATE_BASE}/${CHANNEL}/install.sh" | bash -s -- --version "$version" --prefix "$AGENT_DIR"
    echo "$version" > "$VERSION_FILE"
    log INFO "agent now at ${version}"
}

main() {
    parse_args "$@"
    mkdir -p "$AGENT_DIR"
    local current latest
    current="$(installed_version)"
    if ! latest="$(published_version)"; then
        log ERROR "could not read published version from ${UPDATE_BASE}/${CHANNEL}/LATEST"
        exit 1
    fi
    if [[ -z "$latest" ]]; then
        log ERROR "update channel returned an empty version"
        exit 1
    fi
    log INFO "installed=${current} published=${latest} channel=${CHANNEL}"
    echo "installed ${current}, published ${latest}"

    if (( CHECK_ONLY )); then
        exit 0
    fi
    if (( FORCE )) || version_gt "$latest" "$current"; then
        run_installer "$latest"
    else
        log INFO "agent is current; nothing to do"
        echo "agent is current"
    fi
}

main "$@"
