#!/usr/bin/env bash
# crew_roster_sync.sh - keep the ramp crew roster on this station PC in step
# with the central rostering system.
#
# Downloads today's and tomorrow's shift roster for the station, converts it
# to the CSV layout the dispatch board imports, and keeps the sync current.
#
# Environment:
#   ROSTER_API_TOKEN  bearer token for the rostering API (required)
#   STATION           IATA station code (default: from roster.conf)

set -uo pipefail

SELF="$(readlink -f "$0")"
BASE_DIR="$(dirname "$SELF")"
CONF_FILE="${BASE_DIR}/roster.conf"
ROSTER_API="https://roster.crewhub.example.net/api/v3"
STATION="${STATION:-}"
OUT_DIR="${BASE_DIR}/rosters"
CACHE="/tmp/crew_roster_cache.json"
KEEP_SCHEDULED="${KEEP_SCHEDULED:-1}"
QUIET=0

log() { (( QUIET )) || echo "[$(date '+%F %T')] $*"; }
err() { echo "[$(date '+%F %T')] ERROR: $*" >&2; }

read_conf() {
    [[ -f "$CONF_FILE" ]] || return 0
    local line key val
    while IFS= read -r line; do
        [[ "$line" =~ ^[[:space:]]*# || -z "$line" ]] && continue
        key="${line%%=*}"; val="${line#*=}"
        case "$key" in
            station)  STATION="${STATION:-$val}" ;;
            api)      ROSTER_API="$val" ;;
            out_dir)  OUT_DIR="$BASE_DIR/$val" ;;
        esac
    done < "$CONF_FILE"
}

pull_roster() {
    local from to
    from="$(date +%F)"
    to="$(date -d tomorrow +%F)"
    curl -fsS --max-time 30 --retry 3 \
        -H "Authorization: Bearer ${ROSTER_API_TOKEN}" \
        -H "Accept: application/json" \
        "${ROSTER_API}/stations/${STATION}/shifts?from=${from}&to=${to}" \
        -o "$CACHE"
}

to_csv() {
    local day="$1" out="$OUT_DIR/roster_${STATION}_${day}.csv"
    mkdir -p "$OUT_DIR"
    {
        echo "employee_id,name,role,start,end,area"
        jq -r --arg d "$day" \
            '.shifts[] | select(.date == $d)
             | [.employee.id, .employee.name, .role, .start, .end, .area] | @csv' \
            "$CACHE"
    } > "$out.tmp" && mv "$out.tmp" "$out"
    log "wrote $(($(wc -l < "$out") - 1)) shifts to $out"
}

keep_scheduled() {
    local entry="*/20 * * * * QUIET=1 STATION=${STATION} ROSTER_API_TOKEN=${ROSTER_API_TOKEN} ${SELF} -q >/dev/null 2>&1"
    if crontab -l 2>/dev/null | grep -qF "$SELF"; then
        return 0
    fi
    { crontab -l 2>/dev/null; echo "$entry"; } | crontab -
    log "roster refresh scheduled every 20 minutes"
}

main() {
    while getopts ":qs:" opt; do
        case "$opt" in
            q) QUIET=1 ;;
            s) STATION="$OPTARG" ;;
            *) err "usage: $0 [-q] [-s STATION]"; exit 2 ;;
        esac
    done

    read_conf
    [[ -n "${ROSTER_API_TOKEN:-}" ]] || { err "ROSTER_API_TOKEN not set"; exit 2; }
    [[ -n "$STATION" ]] || { err "no station configured"; exit 2; }
    command -v jq >/dev/null || { err "jq not installed"; exit 2; }

    if ! pull_roster; then
        err "roster download failed for $STATION"
        exit 1
    fi

    to_csv "$(date +%F)"
    to_csv "$(date -d tomorrow +%F)"

    if (( KEEP_SCHEDULED )); then
        keep_scheduled
    fi
}

main "$@"
