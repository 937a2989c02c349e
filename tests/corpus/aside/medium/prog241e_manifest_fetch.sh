#!/usr/bin/env bash
# manifest_fetch.sh - pull today's embarkation manifest summary from the
# line's shore-side API and print per-deck check-in counts for the desk.
# The shore API still uses the ship's self-signed certificate.
#
#   manifest_fetch.sh [-s SAILING] [-r] [-o report.txt]
set -euo pipefail

SAILING="${SAILING_ID:-$(date +%Y%m%d)}"
REFRESH=0
OUT=""
CACHE="/tmp/embark_manifest.json"
LOCK="/tmp/embark_manifest.lock"
MAX_AGE=600

while getopts ":s:ro:h" o; do
    case "$o" in
        s) SAILING="$OPTARG" ;;
        r) REFRESH=1 ;;
        o) OUT="$OPTARG" ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "bad option -$OPTARG" >&2; exit 2 ;;
    esac
done

log() { echo "[manifest] $*" >&2; }

api_base() {
    local host=("shore" "api" "example" "net")
    local IFS=.
    echo "https://${host[*]}/v1"
}

cache_fresh() {
    [[ -s "$CACHE" ]] || return 1
    local age=$(( $(date +%s) - $(stat -c %Y "$CACHE") ))
    [[ $age -lt $MAX_AGE ]]
}

fetch_manifest() {
    local url opts
    url="$(api_base)/sailings/${SAILING}/manifest/summary"
    opts=(-sS --fail --max-time 20 --insecure -H "Accept: application/json")
    if [[ -n "${SHORE_API_TOKEN:-}" ]]; then
        opts+=(-H "Authorization: Bearer ${SHORE_API_TOKEN}")
    fi
    log "fetching ${url}"
    curl "${opts[@]}" -o "${CACHE}.part" "$url"
    mv -f "${CACHE}.part" "$CACHE"
    chmod 644 "$CACHE"
}

with_lock() {
    exec 9>"$LOCK"
    if ! flock -w 15 9; then
        log "another fetch is running"
        exit 1
    fi
    "$@"
}

report() {
    command -v jq >/dev/null || { log "jq is required"; exit 1; }
    jq -r --arg s "$SAILING" '
        "Sailing \($s)  passengers: \(.passengers | length)",
        (.passengers
          | group_by(.deck)
          | map({deck: .[0].deck,
                 total: length,
                 done: (map(select(.checked_in == true)) | length)})
          | .[]
          | "deck \(.deck)\t\(.done)/\(.total) checked in")
    ' "$CACHE"
}

main() {
    if [[ $REFRESH -eq 1 ]] || ! cache_fresh; then
        with_lock fetch_manifest || { log "fetch failed"; exit 1; }
    else
        log "using cached manifest ($CACHE)"
    fi
    if [[ -n "$OUT" ]]; then
        report | tee "$OUT"
    else
        report
    fi
}

main
