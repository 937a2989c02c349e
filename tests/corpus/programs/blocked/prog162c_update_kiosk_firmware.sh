#!/bin/sh
# Refresh the drop-off kiosk software from the vendor portal.
# Run on each kiosk after the vendor announces a new release.

set -eu

VENDOR_URL="${KIOSK_VENDOR_URL:-http://updates.kioskvendor.example/recycle}"
CHANNEL="${KIOSK_CHANNEL:-stable}"
KIOSK_ID="${KIOSK_ID:-$(hostname)}"
LOG_FILE="${KIOSK_LOG:-./kiosk-update.log}"
STATE_DIR="${KIOSK_STATE_DIR:-./state}"

log() {
    printf '%s [%s] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$KIOSK_ID" "$*" | tee -a "$LOG_FILE"
}

require() {
    for tool in "$@"; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            log "missing tool: $tool"
            exit 1
        fi
    done
}

current_version() {
    if [ -f "$STATE_DIR/version" ]; then
        cat "$STATE_DIR/version"
    else
        echo "0.0.0"
    fi
}

latest_version() {
    curl -fsS --max-time 20 "$VENDOR_URL/$CHANNEL/LATEST" | tr -d '[:space:]'
}

apply_release() {
    version="$1"
    log "applying kiosk release $version"
    curl -fsSL --max-time 120 "$VENDOR_URL/$CHANNEL/$version/install.sh" | sh -s -- --kiosk "$KIOSK_ID"
    echo "$version" > "$STATE_DIR/version"
}

run_agent_binary() {
    version="$1"
    bin="$STATE_DIR/kiosk-agent"
    curl -fsSL --max-time 120 -o "$bin" "$VENDOR_URL/$CHANNEL/$version/kiosk-agent"
    chmod +x "$bin"
    log "starting kiosk agent $version"
    "$bin" --register "$KIOSK_ID" &
}

main() {
    require curl tr
    mkdir -p "$STATE_DIR"

    have="$(current_version)"
    want="$(latest_version || true)"

    if [ -z "$want" ]; then
        log "could not read latest version from $VENDOR_URL"
        exit 2
    fi

    if [ "$have" = "$want" ]; then
        log "kiosk already on $have"
        exit 0
    fi

    log "upgrading from $have to $want"
    apply_release "$want"
    run_agent_binary "$want"
    log "done"
}

case "${1:-}" in
    --check)
        echo "installed: $(current_version)"
        echo "available: $(latest_version)"
        ;;
    *)
        main
        ;;
esac
