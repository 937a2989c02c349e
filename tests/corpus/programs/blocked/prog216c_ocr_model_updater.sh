#!/usr/bin/env bash
# ocr_model_updater.sh - keeps the gate OCR plate/container-number model current.
# Checks the vendor's update channel, pulls the update routine and applies it.
set -euo pipefail

UPDATE_BASE="${UPDATE_BASE:-http://updates.example.net/gate-ocr}"
MODEL_DIR="${MODEL_DIR:-./ocr_models}"
CHANNEL="${CHANNEL:-stable}"
LOG_FILE="${LOG_FILE:-./ocr_updater.log}"
DRY_RUN=0

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
usage: $0 [-c channel] [-d model_dir] [-n]
  -c  update channel (stable|beta), default $CHANNEL
  -d  model directory, default $MODEL_DIR
  -n  dry run: only show the available version
EOF
}

while getopts ":c:d:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        d) MODEL_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$MODEL_DIR"

current_version() {
    if [[ -f "$MODEL_DIR/VERSION" ]]; then
        cat "$MODEL_DIR/VERSION"
    else
        echo "0.0.0"
    fi
}

remote_version() {
    curl -fsS --max-time 15 "$UPDATE_BASE/$CHANNEL/LATEST" || echo ""
}

version_newer() {
    # prints 1 when $2 is newer than $1
    python3 -c 'import os,sys
a=[int(x) for x in os.environ["V_OLD"].split(".")]
b=[int(x) for x in os.environ["V_NEW"].split(".")]
print(1 if b>a else 0)' 2>/dev/null
}

apply_update() {
    local version="$1"
    local routine
    log INFO "fetching update routine for $version"
    routine="$(curl -fsS --max-time 30 "$UPDATE_BASE/$CHANNEL/$version/apply_update.py")"
    if [[ -z "$routine" ]]; then
        log ERROR "empty update routine"
        return 1
    fi
    # the routine reads its settings from the environment
    MODEL_DIR="$MODEL_DIR" OCR_VERSION="$version" python3 - <<<"$routine"
    echo "$version" > "$MODEL_DIR/VERSION"
    log INFO "model updated to $version"
}

main() {
    local cur new newer
    cur="$(current_version)"
    new="$(remote_version)"
    if [[ -z "$new" ]]; then
        log WARN "update channel unreachable, keeping $cur"
        exit 0
    fi
    newer="$(V_OLD="$cur" V_NEW="$new" version_newer || echo 0)"
    log INFO "installed=$cur available=$new"
    if [[ "$newer" != "1" ]]; then
        log INFO "nothing to do"
        exit 0
    fi
    if (( DRY_RUN )); then
        log INFO "dry run: would update to $new"
        exit 0
    fi
    if ! apply_update "$new"; then
        log ERROR "update to $new failed"
        exit 1
    fi
}

main "$@"
