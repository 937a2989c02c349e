#!/usr/bin/env bash
# Update the auto-feeder controller software on the shop Pi.
# The vendor publishes an install script with each release; this pulls the
# latest one and runs it so nobody has to do it by hand on Monday mornings.

set -euo pipefail

VENDOR_BASE="${FEEDER_VENDOR_BASE:-https://updates.feedmaster.example.com}"
CHANNEL="${FEEDER_CHANNEL:-stable}"
LOG_DIR="${HOME}/feeder_logs"
STATE_FILE="${HOME}/.feeder_version"

mkdir -p "$LOG_DIR"
LOG_FILE="$LOG_DIR/update_$(date +%Y%m%d_%H%M%S).log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

usage() {
    echo "usage: $0 [-c channel] [-f]" >&2
    echo "  -c  release channel (stable|beta), default stable" >&2
    echo "  -f  force reinstall even if version matches" >&2
    exit 1
}

FORCE=0
while getopts "c:fh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        f) FORCE=1 ;;
        *) usage ;;
    esac
done

current_version() {
    if [[ -f "$STATE_FILE" ]]; then
        cat "$STATE_FILE"
    else
        echo "none"
    fi
}

latest_version() {
    curl -fsS --max-time 20 "$VENDOR_BASE/$CHANNEL/LATEST"
}

log "checking feeder controller updates on channel '$CHANNEL'"
CURRENT="$(current_version)"
LATEST="$(latest_version || true)"

if [[ -z "$LATEST" ]]; then
    log "could not reach $VENDOR_BASE, giving up"
    exit 2
fi

log "installed: $CURRENT, available: $LATEST"

if [[ "$CURRENT" == "$LATEST" && "$FORCE" -eq 0 ]]; then
    log "already up to date"
    exit 0
fi

# Stop the feeder loop so it doesn't dispense twice during the upgrade.
if pgrep -u "$USER" -f feeder_loop.py >/dev/null 2>&1; then
    log "stopping feeder loop"
    pkill -u "$USER" -f feeder_loop.py || true
    sleep 2
fi

log "running vendor installer for $LATEST"
curl -fsSL "$VENDOR_BASE/$CHANNEL/$LATEST/install.sh" | bash -s -- --non-interactive 2>&1 | tee -a "$LOG_FILE"

echo "$LATEST" > "$STATE_FILE"
log "feeder controller now at $LATEST"

if [[ -x "$HOME/feeder/feeder_loop.py" ]]; then
    log "restarting feeder loop"
    nohup "$HOME/feeder/feeder_loop.py" >>"$LOG_DIR/feeder_loop.out" 2>&1 &
fi

log "done"
