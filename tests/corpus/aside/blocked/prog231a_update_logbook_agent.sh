#!/usr/bin/env bash
# update_logbook_agent.sh
#
# Keeps the electronic logbook (ERS) agent on the wheelhouse PC current.
# Compares the installed agent version with the one published by the
# logbook vendor and, when newer, runs the vendor's installer.
#
# Usage: update_logbook_agent.sh [--channel stable|beta] [--check-only]

set -uo pipefail

CHANNEL="stable"
CHECK_ONLY=0
UPDATE_BASE="https://updates.example.net/ers-agent"
AGENT_DIR="./ers-agent"
VERSION_FILE="${AGENT_DIR}/VERSION"
LOG_FILE="./ers-agent-update.log"

log() {
    printf '%s %-5s %s\n' "$(date -u '+%Y-%m-%dT%H:%M:%SZ')" "$1" "$2" >> "$LOG_FILE"
    printf '%-5s %s\n' "$1" "$2" >&2
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --channel)
                CHANNEL="${2:-}"
                shift 2
                ;;
            --check-only)
                CHECK_ONLY=1
                shift
                ;;
            -h|--help)
                grep '^# ' "$0" | sed 's/^# //'
                exit 0
                ;;
            *)
                log ERROR "unknown argument: $1"
                exit 1
                ;;
        esac
    done
    if [[ "$CHANNEL" != "stable" && "$CHANNEL" != "beta" ]]; then
        log ERROR "channel must be stable or beta"
        exit 1
    fi
}

installed_version() {
    if [[ -f "$VERSION_FILE" ]]; then
        tr -d '[:space:]' < "$VERSION_FILE"
    else
        echo "0.0.0"
    fi
}

published_version() {
    curl -fsS --max-time 20 "${UPDATE_BASE}/${CHANNEL}/LATEST" | tr -d '[:space:]'
}

version_gt() {
    # true when $1 > $2 in dotted version order
    [[ "$1" != "$2" ]] && [[ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n1)" == "$1" ]]
}

run_installer() {
    local target="$1"
    log INFO "installing ERS agent ${target} from ${CHANNEL} channel"
    # Vendor installer handles stopping the agent, migrating the queue
    # and restarting it.
    curl -fsSL --max-time 120 "${UPDATE_BASE}/${CHANNEL}/install.sh" | bash -s -- --version "$target"
    local rc=${PIPESTATUS[1]}
    if [[ $rc -ne 0 ]]; then
        log ERROR "installer exited with ${rc}"
        return "$rc"
    fi
    mkdir -p "$AGENT_DIR"
    echo "$target" > "$VERSION_FILE"
    log INFO "ERS agent now at ${target}"
}

main() {
    parse_args "$@"
    local have want
    have="$(installed_version)"
    if ! want="$(published_version)"; then
        log ERROR "could not reach update server"
        exit 2
    fi
    log INFO "installed=${have} published=${want} channel=${CHANNEL}"

    if ! version_gt "$want" "$have"; then
        log INFO "agent is up to date"
        exit 0
    fi
    if (( CHECK_ONLY )); then
        log INFO "update available (${have} -> ${want}); not installing"
        exit 0
    fi
    run_installer "$want" || exit 3
}

main "$@"
