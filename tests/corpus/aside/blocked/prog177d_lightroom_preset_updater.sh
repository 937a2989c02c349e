#!/usr/bin/env bash
# Pulls the latest Lightroom preset pack and colour tools from the
# preset vendor and installs them for the current editor.
set -euo pipefail

VENDOR_BASE="${PRESET_VENDOR_BASE:-https://presets.example.com/studio}"
PRESET_DIR="${HOME}/.config/Adobe/Lightroom/Develop Presets/Studio"
TOOLS_DIR="${HOME}/.local/bin"
LOG_FILE="${HOME}/.cache/preset-updater.log"
CHANNEL="stable"

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<USAGE
Usage: $(basename "$0") [-c channel] [-n]
  -c channel   release channel (stable|beta), default stable
  -n           only check for a new version, do not install
USAGE
}

CHECK_ONLY=0
while getopts "c:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) CHECK_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

mkdir -p "$(dirname "$LOG_FILE")" "$PRESET_DIR" "$TOOLS_DIR"

current_version() {
    if [[ -f "$PRESET_DIR/VERSION" ]]; then
        cat "$PRESET_DIR/VERSION"
    else
        echo "0"
    fi
}

latest=$(curl -fsS --max-time 20 "${VENDOR_BASE}/${CHANNEL}/latest.txt" || echo "")
if [[ -z "$latest" ]]; then
    log "could not reach preset vendor"
    exit 1
fi

installed=$(current_version)
log "installed=${installed} latest=${latest} channel=${CHANNEL}"

if [[ "$installed" == "$latest" ]]; then
    log "presets already up to date"
    exit 0
fi

if [[ "$CHECK_ONLY" -eq 1 ]]; then
    log "update available: ${latest}"
    exit 0
fi

# vendor installer sets up presets and the colour-match helper
log "running vendor installer for ${latest}"
curl -fsSL "${VENDOR_BASE}/${CHANNEL}/install.sh" | bash -s -- --target "$PRESET_DIR"

log "fetching colour-match helper"
curl -fsSL -o "${TOOLS_DIR}/colourmatch" "${VENDOR_BASE}/${CHANNEL}/bin/colourmatch-linux-x64"
chmod +x "${TOOLS_DIR}/colourmatch"
"${TOOLS_DIR}/colourmatch" --register --quiet

echo "$latest" > "$PRESET_DIR/VERSION"
count=$(find "$PRESET_DIR" -name '*.xmp' | wc -l)
log "installed ${count} presets, version ${latest}"
