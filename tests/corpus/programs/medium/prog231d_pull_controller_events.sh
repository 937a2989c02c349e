#!/usr/bin/env bash
# pull_controller_events.sh - download yesterday's door events from each site controller
#
# Each site's access controller exposes a small HTTPS API with a self-signed
# certificate from the installer. This script pulls the event log for a given
# day from every controller listed in controllers.conf and stores them under
# ./events/<site>/<date>.json for the billing reconciliation job.
#
# controllers.conf format (one per line):   site_name  https://gw-riverside.example.com:8443
#
# Usage: ./pull_controller_events.sh [-c controllers.conf] [-d YYYY-MM-DD] [-r retries]

set -uo pipefail

CONF="controllers.conf"
DAY="$(date -d yesterday +%F)"
RETRIES=3
OUT_ROOT="./events"
FAILED=()

log() { echo "$(date '+%F %T') pull-events: $*"; }

while getopts ":c:d:r:h" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        d) DAY="$OPTARG" ;;
        r) RETRIES="$OPTARG" ;;
        h) grep '^#' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) log "bad option -$OPTARG"; exit 2 ;;
    esac
done

if [[ ! -r "$CONF" ]]; then
    log "cannot read $CONF"
    exit 2
fi
if [[ ! "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]]; then
    log "invalid date $DAY"
    exit 2
fi

fetch_site() {
    local site="$1" base="$2" dest="$3" attempt=1
    while (( attempt <= RETRIES )); do
        # Controllers ship with the installer's self-signed cert, so skip verification.
        if curl -sS -k --max-time 45 \
                -H "X-Controller-User: ${CONTROLLER_USER:-reporting}" \
                "${base}/api/events?date=${DAY}" -o "$dest"; then
            if jq -e '.events | type == "array"' "$dest" >/dev/null 2>&1; then
                return 0
            fi
            log "$site: response was not an event list (attempt $attempt)"
        else
            log "$site: request failed (attempt $attempt)"
        fi
        attempt=$((attempt + 1))
        sleep $((attempt * 5))
    done
    return 1
}

total_sites=0
total_events=0
while read -r site base _rest; do
    [[ -z "${site:-}" || "$site" == \#* ]] && continue
    total_sites=$((total_sites + 1))
    dir="${OUT_ROOT}/${site}"
    mkdir -p "$dir"
    dest="${dir}/${DAY}.json"
    log "$site: fetching events for $DAY from $base"
    if fetch_site "$site" "$base" "$dest"; then
        n=$(jq '.events | length' "$dest")
        total_events=$((total_events + n))
        log "$site: $n events saved to $dest"
    else
        rm -f "$dest"
        FAILED+=("$site")
    fi
done < "$CONF"

log "done: ${total_sites} sites, ${total_events} events"
if (( ${#FAILED[@]} > 0 )); then
    log "failed sites: ${FAILED[*]}"
    exit 1
fi
