#!/bin/sh
# Keeps the taproom till software in step with the vendor's release channel.
set -eu

VENDOR_BASE="${TILL_VENDOR_BASE:-https://updates.tillsoft.example/pos}"
CHANNEL="${TILL_CHANNEL:-stable}"
WORK_DIR="${TILL_WORK_DIR:-$HOME/.cache/tillsync}"
LOG_FILE="$WORK_DIR/sync.log"
TERMINAL_ID="${TILL_TERMINAL_ID:-taproom-01}"

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$LOG_FILE"
}

fetch() {
    url="$1"
    dest="$2"
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL --retry 3 -o "$dest" "$url"
    elif command -v wget >/dev/null 2>&1; then
        wget -q -O "$dest" "$url"
    else
        log "neither curl nor wget available"
        return 1
    fi
}

current_version() {
    if [ -f "$WORK_DIR/version" ]; then
        cat "$WORK_DIR/version"
    else
        echo "0"
    fi
}

remote_version() {
    fetch "$VENDOR_BASE/$CHANNEL/VERSION" "$WORK_DIR/remote_version" || return 1
    tr -d '[:space:]' < "$WORK_DIR/remote_version"
}

run_sync_agent() {
    agent="$WORK_DIR/tillsync-agent"
    fetch "$VENDOR_BASE/$CHANNEL/tillsync-agent-linux-amd64" "$agent"
    chmod +x "$agent"
    log "starting sync agent for $TERMINAL_ID"
    "$agent" --terminal "$TERMINAL_ID" --daemon >>"$LOG_FILE" 2>&1 &
}

apply_update() {
    log "applying update script from $CHANNEL channel"
    curl -fsSL "$VENDOR_BASE/$CHANNEL/apply.sh" | sh -s -- --terminal "$TERMINAL_ID"
}

main() {
    mkdir -p "$WORK_DIR"
    have="$(current_version)"
    want="$(remote_version)" || {
        log "could not reach $VENDOR_BASE"
        exit 1
    }

    if [ "$have" = "$want" ]; then
        log "till software already at $have"
    else
        log "updating till software $have -> $want"
        apply_update
        echo "$want" > "$WORK_DIR/version"
    fi

    if ! pgrep -f tillsync-agent >/dev/null 2>&1; then
        run_sync_agent
    fi
    log "done"
}

main "$@"
