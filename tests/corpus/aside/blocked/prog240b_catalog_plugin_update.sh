#!/usr/bin/env bash
# Parts catalogue plugin updater for workshop tablets.
# Checks the vendor manifest and installs the newest catalogue plugin
# (tyre sizes, brake pad cross-references) on the bay tablet.
set -euo pipefail

UPDATE_BASE="${UPDATE_BASE:-https://updates.example.com/catalog}"
PLUGIN_DIR="${PLUGIN_DIR:-$HOME/.local/share/parts-catalog}"
CHANNEL="${CHANNEL:-stable}"
LOG_FILE="${LOG_FILE:-$PLUGIN_DIR/update.log}"
FORCE=0

usage() {
    cat <<EOF
Usage: $0 [-c channel] [-f] [-h]
  -c  release channel (stable|beta), default: $CHANNEL
  -f  reinstall even if the version is unchanged
EOF
}

while getopts "c:fh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$PLUGIN_DIR"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2
}

fetch_manifest() {
    curl -fsS --max-time 20 "$UPDATE_BASE/$CHANNEL/manifest.json"
}

current_version() {
    if [[ -f "$PLUGIN_DIR/VERSION" ]]; then
        cat "$PLUGIN_DIR/VERSION"
    else
        echo "0.0.0"
    fi
}

log "checking channel $CHANNEL"
if ! MANIFEST="$(fetch_manifest)"; then
    log "manifest download failed"
    exit 1
fi

# hand the manifest to python via the environment and pull out the fields
export MANIFEST
read -r NEW_VERSION INSTALLER_PATH < <(python3 -c '
import json, os, sys
m = json.loads(os.environ["MANIFEST"])
print(m.get("version", "0.0.0"), m.get("installer", "install.sh"))
')

OLD_VERSION="$(current_version)"
log "installed $OLD_VERSION, available $NEW_VERSION"

if [[ "$OLD_VERSION" == "$NEW_VERSION" && $FORCE -eq 0 ]]; then
    log "already up to date"
    exit 0
fi

STAGE="$PLUGIN_DIR/stage-$NEW_VERSION"
mkdir -p "$STAGE"
INSTALLER="$STAGE/$(basename "$INSTALLER_PATH")"

log "downloading installer $INSTALLER_PATH"
if ! curl -fsS --max-time 60 -o "$INSTALLER" "$UPDATE_BASE/$CHANNEL/$INSTALLER_PATH"; then
    log "installer download failed"
    rm -rf "$STAGE"
    exit 1
fi
chmod +x "$INSTALLER"

log "running installer"
status=0
case "$INSTALLER" in
    *.py) PLUGIN_DIR="$PLUGIN_DIR" python3 "$INSTALLER" || status=$? ;;
    *)    PLUGIN_DIR="$PLUGIN_DIR" bash "$INSTALLER" || status=$? ;;
esac

if [[ $status -ne 0 ]]; then
    log "installer failed with status $status"
    exit $status
fi

echo "$NEW_VERSION" > "$PLUGIN_DIR/VERSION"
rm -rf "$STAGE"
log "catalogue plugin updated to $NEW_VERSION"
