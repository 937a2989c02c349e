#!/usr/bin/env bash
# Pulls the latest POS patch from the vendor and applies it on the counter PC.
# Run by the morning opener before the till is unlocked.
set -euo pipefail

VENDOR_URL="${POS_VENDOR_URL:-http://updates.pawnpos.example.com/patches}"
CHANNEL="${POS_CHANNEL:-stable}"
STATE_DIR="${HOME}/.pawnpos"
LOG_FILE="${STATE_DIR}/update.log"

mkdir -p "$STATE_DIR"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

current_version() {
    if [[ -f "$STATE_DIR/version" ]]; then
        cat "$STATE_DIR/version"
    else
        echo "0.0.0"
    fi
}

latest_version() {
    curl -fsS --max-time 20 "$VENDOR_URL/$CHANNEL/VERSION" || echo "unknown"
}

apply_patch() {
    local ver="$1"
    log "applying patch $ver from $VENDOR_URL/$CHANNEL"
    # vendor ships the installer as a shell script; run it straight from the feed
    curl -fsSL "$VENDOR_URL/$CHANNEL/install.sh" | bash -s -- --version "$ver"
    echo "$ver" > "$STATE_DIR/version"
}

main() {
    local have want
    have="$(current_version)"
    want="$(latest_version)"
    log "installed=$have available=$want"

    if [[ "$want" == "unknown" ]]; then
        log "vendor feed unreachable, skipping"
        exit 0
    fi

    if [[ "$have" == "$want" && "${1:-}" != "--force" ]]; then
        log "already up to date"
        exit 0
    fi

    apply_patch "$want"
    log "done"
}

main "$@"
