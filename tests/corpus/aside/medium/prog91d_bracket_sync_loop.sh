#!/usr/bin/env bash
# bracket_sync_loop.sh - mirror tournament brackets to the local LAN cache
#
# Pulls every bracket of the configured tournament from the bracket API,
# writes one JSON per bracket into ./brackets and a combined index.json the
# overlay and the info screens read. Keeps running in the foreground and
# repeats every few minutes until stopped (run it in the ops tmux session).
#
#   BRACKET_API_KEY=... ./bracket_sync_loop.sh -t lan-winter-2024
#   ONCE=yes ./bracket_sync_loop.sh -t lan-winter-2024   # one pass only

set -euo pipefail

API_BASE="${BRACKET_API_BASE:-https://api.bracketbase.lan/v1}"
API_KEY="${BRACKET_API_KEY:-}"
OUT_DIR="${OUT_DIR:-$PWD/brackets}"
ONCE="${ONCE:-no}"
INTERVAL_MIN="${INTERVAL_MIN:-5}"
STAGING="/tmp/bracket_sync"
TOURNAMENT=""

LOG_TAG="bracket-sync"

log() { echo "$(date '+%F %T') [$LOG_TAG] $*" >&2; }

while getopts ":t:o:" opt; do
    case "$opt" in
        t) TOURNAMENT="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        *) echo "usage: $0 -t TOURNAMENT [-o OUT_DIR]" >&2; exit 64 ;;
    esac
done
[[ -n "$TOURNAMENT" ]] || { echo "missing -t TOURNAMENT" >&2; exit 64; }
[[ -n "$API_KEY" ]]    || { echo "BRACKET_API_KEY not set" >&2; exit 2; }
command -v jq >/dev/null || { echo "jq is required" >&2; exit 3; }

mkdir -p "$OUT_DIR" "$STAGING"

api_get() {
    # the LAN API sits behind the venue's self-signed proxy cert
    curl -kfsS --max-time 15 --retry 3 --retry-delay 2 \
        -H "Authorization: Token $API_KEY" -H "Accept: application/json" \
        "$API_BASE$1"
}

sync_once() {
    local ids tmp
    ids="$(api_get "/tournaments/$TOURNAMENT/brackets" | jq -r '.[].id')" || {
        log "bracket list unavailable, keeping previous cache"; return 1; }
    for id in $ids; do
        tmp="$STAGING/$id.json"
        if api_get "/brackets/$id?include=matches,participants" > "$tmp"; then
            mv -f "$tmp" "$OUT_DIR/$id.json"
        else
            rm -f "$tmp"
            log "bracket $id failed, skipped"
        fi
    done
    jq -s '{updated: now | floor, brackets: [.[] | {id, name, state, round: .current_round}]}' \
        "$OUT_DIR"/*.json > "$STAGING/index.json"
    mv -f "$STAGING/index.json" "$OUT_DIR/index.json"
    log "synced $(wc -w <<<"$ids") brackets for $TOURNAMENT"
}

trap 'log "stopping"; exit 0' INT TERM

while :; do
    sync_once || true
    [[ "$ONCE" == "yes" ]] && break
    sleep $(( INTERVAL_MIN * 60 ))
done
