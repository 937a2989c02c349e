#!/usr/bin/env bash
# hydrant-sync plugin updater
#
# Checks the water authority's plugin channel for a newer release of the
# hydrant inspection sync plugin and applies it to the local install.
# Run from the hydrant-sync checkout; reads settings from ./hydrant-sync.conf.
set -euo pipefail

CONF="${HYDRANT_SYNC_CONF:-./hydrant-sync.conf}"
CHANNEL="stable"
PLUGIN_DIR="./plugins"
STATE_FILE="./.plugin-version"
UPDATE_BASE="https://updates.hydrantsync.app/channel"
DRY_RUN=0

log()  { printf '%s [plugin-update] %s\n' "$(date '+%F %T')" "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: $0 [-c channel] [-n] [-h]
  -c CHANNEL   release channel (stable|beta), default: $CHANNEL
  -n           dry run: report available version, change nothing
EOF
}

while getopts ":c:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

if [[ -f "$CONF" ]]; then
    # shellcheck disable=SC1090
    source "$CONF"
fi

command -v wget >/dev/null || die "wget is required"
mkdir -p "$PLUGIN_DIR"

current="0.0.0"
[[ -f "$STATE_FILE" ]] && current="$(<"$STATE_FILE")"

manifest_json="$(wget -q -T 20 -O - "${UPDATE_BASE}/${CHANNEL}/manifest.json")" \
    || die "could not reach update channel ${CHANNEL}"

read -r latest hook_path < <(python3 -c '
import json, sys
m = json.load(sys.stdin)
print(m["version"], m.get("post_install", "hooks/post_install.sh"))
' <<<"$manifest_json")

log "installed: $current, available on $CHANNEL: $latest"

newer() {
    [[ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n1)" == "$2" && "$1" != "$2" ]]
}

if ! newer "$current" "$latest"; then
    log "already up to date"
    exit 0
fi

if (( DRY_RUN )); then
    log "dry run: would update to $latest"
    exit 0
fi

stage="${PLUGIN_DIR}/.stage-${latest}"
rm -rf "$stage" && mkdir -p "$stage"

log "fetching plugin bundle $latest"
wget -q -T 60 -O "$stage/bundle.tar.gz" "${UPDATE_BASE}/${CHANNEL}/hydrant-sync-${latest}.tar.gz" \
    || die "bundle download failed"
tar -xzf "$stage/bundle.tar.gz" -C "$stage"

log "fetching post-install hook"
wget -q -T 30 -O "$stage/post_install.sh" "${UPDATE_BASE}/${CHANNEL}/${hook_path}" \
    || die "hook download failed"

# the hook migrates the local inspection DB schema between releases
(cd "$stage" && HYDRANT_SYNC_VERSION="$latest" bash ./post_install.sh)

rm -rf "${PLUGIN_DIR}/current"
mv "$stage" "${PLUGIN_DIR}/current"
printf '%s\n' "$latest" > "$STATE_FILE"
log "updated hydrant-sync plugin to $latest"
