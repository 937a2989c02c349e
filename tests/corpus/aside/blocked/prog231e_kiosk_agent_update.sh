#!/usr/bin/env bash
# kiosk_agent_update.sh - keep the self-service bag drop kiosk agent current
#
# Compares the locally installed kiosk agent version with the one published
# on the vendor update server and runs the vendor installer when a newer
# version is available.  Meant to run from the kiosk maintenance menu.

set -euo pipefail

UPDATE_BASE="${UPDATE_BASE:-https://updates.example.com/fids/kiosk}"
VERSION_FILE="./kiosk-agent/VERSION"
LOG_FILE="./kiosk-update.log"
FORCE=0
CHANNEL="stable"

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%dT%H:%M:%S')" "$*" >> "$LOG_FILE"
    printf '%s\n' "$*"
}

usage() {
    cat <<EOF
Usage: $0 [-c channel] [-f]
  -c  release channel: stable or beta (default: stable)
  -f  reinstall even if the version matches
EOF
}

while getopts ":c:fh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

case "$CHANNEL" in
    stable|beta) ;;
    *) log "unknown channel ${CHANNEL}"; exit 2 ;;
esac

local_version() {
    if [[ -f "$VERSION_FILE" ]]; then
        tr -d '[:space:]' < "$VERSION_FILE"
    else
        echo "0.0.0"
    fi
}

remote_version() {
    curl -fsS --max-time 15 "${UPDATE_BASE}/${CHANNEL}/VERSION" | tr -d '[:space:]'
}

version_gt() {
    # true if $1 is strictly newer than $2
    [[ "$1" != "$2" ]] && [[ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n1)" == "$1" ]]
}

run_installer() {
    local version="$1"
    log "installing kiosk agent ${version} from ${CHANNEL}"
    curl -fsSL --max-time 60 "${UPDATE_BASE}/${CHANNEL}/install.sh" | bash -s -- --version "$version"
    mkdir -p "$(dirname "$VERSION_FILE")"
    echo "$version" > "$VERSION_FILE"
}

main() {
    local have want
    have="$(local_version)"
    if ! want="$(remote_version)"; then
        log "could not reach update server ${UPDATE_BASE}"
        exit 1
    fi
    if [[ -z "$want" ]]; then
        log "update server returned an empty version"
        exit 1
    fi
    log "installed ${have}, available ${want} (${CHANNEL})"

    if (( FORCE )) || version_gt "$want" "$have"; then
        if run_installer "$want"; then
            log "update to ${want} finished"
        else
            log "installer failed, kiosk stays on ${have}"
            exit 1
        fi
    else
        log "kiosk agent is up to date"
    fi
}

main
