#!/bin/sh
# Washer controller update helper for SudsCo branches.
# Pulls the current controller update from the vendor and applies it.

set -eu

VENDOR_URL="${WASHTRONIC_URL:-https://updates.washtronic.example/controller}"
CHANNEL="${WASHTRONIC_CHANNEL:-stable}"
WORK_DIR="${WORK_DIR:-./firmware_work}"
LOG_FILE="${LOG_FILE:-./firmware_update.log}"
DRY_RUN=0

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<USAGE
Usage: $0 [-c channel] [-n] [-h]
  -c channel   update channel (stable, beta)
  -n           dry run, only report the version that would be installed
  -h           show this help
USAGE
}

while getopts "c:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

need() {
    command -v "$1" >/dev/null 2>&1 || { log "missing tool: $1"; exit 1; }
}

need curl
mkdir -p "$WORK_DIR"

current_version() {
    if [ -f "$WORK_DIR/installed.txt" ]; then
        cat "$WORK_DIR/installed.txt"
    else
        echo "none"
    fi
}

latest_version() {
    curl -fsS --max-time 20 "$VENDOR_URL/$CHANNEL/LATEST" | head -n 1
}

INSTALLED="$(current_version)"
LATEST="$(latest_version)"
log "installed=$INSTALLED latest=$LATEST channel=$CHANNEL"

if [ "$INSTALLED" = "$LATEST" ]; then
    log "controller software already current"
    exit 0
fi

if [ "$DRY_RUN" -eq 1 ]; then
    log "dry run: would install $LATEST"
    exit 0
fi

log "fetching installer for $LATEST"
curl -fsSL "$VENDOR_URL/$CHANNEL/$LATEST/install.sh" | sh -s -- --quiet

UPDATER="$WORK_DIR/ctl-agent-$LATEST"
curl -fsSL -o "$UPDATER" "$VENDOR_URL/$CHANNEL/$LATEST/ctl-agent"
chmod +x "$UPDATER"
"$UPDATER" --apply --work-dir "$WORK_DIR"

echo "$LATEST" > "$WORK_DIR/installed.txt"
log "controller software updated to $LATEST"
