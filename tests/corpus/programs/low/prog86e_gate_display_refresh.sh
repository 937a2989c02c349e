#!/usr/bin/env bash
# gate_display_refresh.sh - refresh the flight information pages shown on
# the gate displays (FIDS) for one pier.
#
# Pulls the current departures for each gate from the AODB feed and renders
# a small static HTML page per gate into ./displays, which the kiosk
# browsers load from the pier file share.
#
# Usage: gate_display_refresh.sh [-c refresh.conf] [-p PIER] [-n]

set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CONF="${SCRIPT_DIR}/refresh.conf"
PIER="${PIER:-B}"
DRY_RUN=0

FEED_URL="${FEED_URL:-https://aodb.groundops.example.net/api/v1}"
OUT_DIR="${SCRIPT_DIR}/displays"
CACHE_DIR="${SCRIPT_DIR}/.cache"
KEEP_CACHE="${KEEP_CACHE:-0}"

log() { printf '%s [gate-refresh] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":c:p:n" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        p) PIER="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) die "usage: $0 [-c conf] [-p pier] [-n]" ;;
    esac
done

if [[ -r "$CONF" ]]; then
    # only simple KEY=value lines are honoured
    while IFS='=' read -r key value; do
        case "$key" in
            FEED_URL) FEED_URL="$value" ;;
            PIER)     PIER="$value" ;;
            KEEP_CACHE) KEEP_CACHE="$value" ;;
        esac
    done < <(grep -E '^[A-Z_]+=' "$CONF")
fi

command -v wget >/dev/null || die "wget is required"
command -v jq   >/dev/null || die "jq is required"

mkdir -p "$OUT_DIR" "$CACHE_DIR"

fetch() {
    local url="$1" dest="$2" tries=0
    until wget -q --timeout=20 -O "$dest" "$url"; do
        tries=$((tries + 1))
        (( tries >= 3 )) && return 1
        log "retrying $url ($tries)"
        sleep $((tries * 5))
    done
}

render_gate() {
    local gate="$1" json="$2" page="$OUT_DIR/gate_${gate}.html"
    {
        printf '<!doctype html><html><head><meta charset="utf-8">'
        printf '<meta http-equiv="refresh" content="60"><title>Gate %s</title>' "$gate"
        printf '<link rel="stylesheet" href="fids.css"></head><body>'
        printf '<h1>Gate %s</h1><table>' "$gate"
        jq -r '.departures[] | "<tr><td>\(.flight|@html)</td><td>\(.destination|@html)</td><td>\(.std|@html)</td><td>\(.status|@html)</td></tr>"' "$json"
        printf '</table></body></html>\n'
    } > "${page}.new"
    mv -f "${page}.new" "$page"
}

main() {
    local gates_json="$CACHE_DIR/gates_${PIER}.json"
    fetch "${FEED_URL}/piers/${PIER}/gates" "$gates_json" || die "cannot reach AODB feed"

    local count=0
    while read -r gate; do
        [[ -z "$gate" ]] && continue
        local dep_json="$CACHE_DIR/gate_${gate}.json"
        if ! fetch "${FEED_URL}/gates/${gate}/departures" "$dep_json"; then
            log "skipping gate $gate: feed unavailable"
            continue
        fi
        if (( DRY_RUN )); then
            log "dry run: gate $gate has $(jq '.departures | length' "$dep_json") departures"
        else
            render_gate "$gate" "$dep_json"
        fi
        count=$((count + 1))
    done < <(jq -r '.gates[].id' "$gates_json")

    if (( ! KEEP_CACHE )); then
        rm -f "$CACHE_DIR"/gate_*.json "$CACHE_DIR"/gates_*.json
    fi
    log "refreshed $count gate pages for pier $PIER"
}

main "$@"
