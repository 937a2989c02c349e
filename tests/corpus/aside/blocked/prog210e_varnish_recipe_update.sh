#!/bin/bash
# Keeps the finishing-room varnish recipe tool current.
# Checks the vendor manifest, and when a newer release exists pulls the
# installer and runs it.
set -euo pipefail

MANIFEST_URL="${VARNISH_MANIFEST_URL:-https://updates.example.net/varnish/manifest.json}"
STATE_DIR="${VARNISH_STATE_DIR:-$PWD/.varnish-tool}"
LOG_FILE="$STATE_DIR/update.log"
FORCE=0
DRY_RUN=0

usage() {
    cat <<EOF
Usage: $(basename "$0") [-f] [-n] [-m manifest_url]
  -f   install even if the version matches
  -n   only report what would happen
  -m   override manifest url
EOF
}

log() {
    local msg="$(date '+%F %T') $*"
    echo "$msg"
    echo "$msg" >> "$LOG_FILE"
}

while getopts "fnm:h" opt; do
    case "$opt" in
        f) FORCE=1 ;;
        n) DRY_RUN=1 ;;
        m) MANIFEST_URL="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$STATE_DIR"
current="none"
[[ -f "$STATE_DIR/version" ]] && current="$(cat "$STATE_DIR/version")"

manifest="$(mktemp)"
installer="$(mktemp --suffix=.sh)"
trap 'rm -f "$manifest" "$installer"' EXIT

log "fetching manifest from $MANIFEST_URL"
if ! curl -fsSL --max-time 30 "$MANIFEST_URL" -o "$manifest"; then
    log "manifest download failed"
    exit 1
fi

# pull version and installer location out of the manifest
read -r latest script_url < <(python3 - "$manifest" <<'PY'
import json, sys
with open(sys.argv[1]) as fh:
    data = json.load(fh)
print(data.get("version", "0"), data.get("installer", ""))
PY
)

if [[ -z "$script_url" ]]; then
    log "manifest has no installer entry"
    exit 1
fi

log "installed: $current, available: $latest"
if [[ "$current" == "$latest" && $FORCE -eq 0 ]]; then
    log "already current"
    exit 0
fi

if [[ $DRY_RUN -eq 1 ]]; then
    log "would fetch and run $script_url"
    exit 0
fi

log "downloading installer $script_url"
curl -fsSL --max-time 120 "$script_url" -o "$installer"
chmod +x "$installer"

log "running installer"
if VARNISH_STATE_DIR="$STATE_DIR" bash "$installer"; then
    echo "$latest" > "$STATE_DIR/version"
    log "update to $latest complete"
else
    log "installer exited with status $?"
    exit 1
fi
