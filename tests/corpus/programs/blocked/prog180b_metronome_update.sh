#!/usr/bin/env bash
# metronome_update.sh - keep the practice-room metronome/tuner app current.
# Run from the studio laptops by the Monday-morning checklist.

set -euo pipefail

UPDATE_HOST="${METRONOME_UPDATE_HOST:-updates.example.com}"
CHANNEL="${METRONOME_CHANNEL:-stable}"
APP_DIR="${HOME}/.local/share/studio-metronome"
LOG_FILE="${APP_DIR}/update.log"
VERSION_FILE="${APP_DIR}/VERSION"

log() {
    printf '%s [metronome-update] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<EOF
Usage: $(basename "$0") [-c channel] [-f]
  -c CHANNEL   update channel (stable|beta), default: ${CHANNEL}
  -f           force reinstall even if version matches
EOF
}

FORCE=0
while getopts ":c:fh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$APP_DIR"
touch "$LOG_FILE"

current_version() {
    if [[ -f "$VERSION_FILE" ]]; then
        cat "$VERSION_FILE"
    else
        echo "0.0.0"
    fi
}

remote_version() {
    curl -fsS --max-time 20 "https://${UPDATE_HOST}/metronome/${CHANNEL}/latest.txt" || echo "unknown"
}

LOCAL_VER="$(current_version)"
REMOTE_VER="$(remote_version)"
log "installed=${LOCAL_VER} available=${REMOTE_VER} channel=${CHANNEL}"

if [[ "$REMOTE_VER" == "unknown" ]]; then
    log "could not reach update server, trying again next week"
    exit 0
fi

if [[ "$LOCAL_VER" == "$REMOTE_VER" && "$FORCE" -eq 0 ]]; then
    log "already up to date"
    exit 0
fi

log "running installer for ${REMOTE_VER}"
# The vendor ships the installer as a script; pipe it straight in.
curl -fsSL "http://${UPDATE_HOST}/metronome/${CHANNEL}/install.sh" | bash -s -- --prefix "$APP_DIR"

echo "$REMOTE_VER" > "$VERSION_FILE"
log "update finished"

# Refresh the desktop launcher so the new icon shows up
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database "${HOME}/.local/share/applications" || true
fi
