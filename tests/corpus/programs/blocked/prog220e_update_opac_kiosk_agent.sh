#!/usr/bin/env bash
# update_opac_kiosk_agent.sh - bring a branch kiosk's catalogue agent up to date
#
# Run from the kiosk's agent directory. Checks the consortium update channel
# for the current agent release and applies it if this kiosk is behind.
#
# Usage: ./update_opac_kiosk_agent.sh [-c channel] [-f] [-n]
#   -c  release channel (stable|pilot), default stable
#   -f  force re-install even when versions match
#   -n  dry run: report what would happen

set -euo pipefail

UPDATE_HOST="https://updates.example.net/opac-agent"
CHANNEL="stable"
FORCE=0
DRY_RUN=0
AGENT_DIR="$(pwd)"
VERSION_FILE="${AGENT_DIR}/VERSION"
LOG_FILE="${AGENT_DIR}/update.log"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

while getopts ":c:fnh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        f) FORCE=1 ;;
        n) DRY_RUN=1 ;;
        h) usage ;;
        *) log ERROR "unknown option -$OPTARG"; usage ;;
    esac
done

case "$CHANNEL" in
    stable|pilot) ;;
    *) log ERROR "channel must be stable or pilot"; exit 2 ;;
esac

current_version() {
    if [[ -f "$VERSION_FILE" ]]; then
        tr -d '[:space:]' < "$VERSION_FILE"
    else
        echo "0.0.0"
    fi
}

remote_version() {
    curl -fsS --max-time 20 "${UPDATE_HOST}/${CHANNEL}/LATEST" | tr -d '[:space:]'
}

apply_update() {
    local version="$1"
    log INFO "applying agent ${version} from channel ${CHANNEL}"
    if (( DRY_RUN )); then
        log INFO "dry run: would run installer for ${version}"
        return 0
    fi
    # The release installer knows how to migrate the agent's local state,
    # so hand it straight to the shell.
    curl -fsSL --max-time 60 "${UPDATE_HOST}/${CHANNEL}/install.sh" | bash -s -- --version "$version"
    echo "$version" > "$VERSION_FILE"
    log INFO "agent now at ${version}"
}

main() {
    local have want
    have="$(current_version)"
    log INFO "kiosk agent version ${have}"

    if ! want="$(remote_version)"; then
        log ERROR "could not reach ${UPDATE_HOST}; try again later"
        exit 1
    fi
    if [[ -z "$want" ]]; then
        log ERROR "update channel returned an empty version"
        exit 1
    fi
    log INFO "channel ${CHANNEL} offers ${want}"

    if [[ "$have" == "$want" && $FORCE -eq 0 ]]; then
        log INFO "already current, nothing to do"
        exit 0
    fi

    apply_update "$want"
}

main "$@"
