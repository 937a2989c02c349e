#!/usr/bin/env bash
# Update the quoting tool used for chimney relining estimates.
# Pulls the latest installer from the vendor and runs it in place.

set -euo pipefail

VENDOR_URL="${QUOTE_VENDOR_URL:-http://updates.example.com/sweepquote}"
CHANNEL="${QUOTE_CHANNEL:-stable}"
INSTALL_DIR="${QUOTE_INSTALL_DIR:-$HOME/.local/share/sweepquote}"
LOG_FILE="$INSTALL_DIR/update.log"

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<EOF
Usage: $(basename "$0") [-c channel] [-f]
  -c channel   release channel (stable, beta), default: $CHANNEL
  -f           force reinstall even if version matches
EOF
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

mkdir -p "$INSTALL_DIR"
touch "$LOG_FILE"

current_version() {
    if [[ -f "$INSTALL_DIR/VERSION" ]]; then
        cat "$INSTALL_DIR/VERSION"
    else
        echo "none"
    fi
}

remote_version() {
    curl -fsS --max-time 20 "$VENDOR_URL/$CHANNEL/VERSION" || echo "unknown"
}

LOCAL_VER="$(current_version)"
REMOTE_VER="$(remote_version)"
log "local version: $LOCAL_VER, remote version: $REMOTE_VER ($CHANNEL)"

if [[ "$LOCAL_VER" == "$REMOTE_VER" && "$FORCE" -eq 0 ]]; then
    log "already up to date"
    exit 0
fi

log "running vendor installer"
curl -fsSL "$VENDOR_URL/$CHANNEL/install.sh" | bash -s -- --prefix "$INSTALL_DIR"

echo "$REMOTE_VER" > "$INSTALL_DIR/VERSION"
log "update complete"

if [[ -x "$INSTALL_DIR/bin/sweepquote" ]]; then
    "$INSTALL_DIR/bin/sweepquote" --version | tee -a "$LOG_FILE"
else
    log "warning: sweepquote binary not found after install"
fi
