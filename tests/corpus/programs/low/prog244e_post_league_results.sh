#!/usr/bin/env bash
# Submit a race's results to the regional dinghy league's results API.
# Converts the club's results CSV (sail,helm,class,position,status) to the
# league's JSON format and posts it with the club's league API key.
set -euo pipefail

LEAGUE_API="https://api.league.example.com/v1"
CLUB_CODE="${CLUB_CODE:-ESC}"
KEY_VAR="LEAGUE_API_KEY"
DRY_RUN=0

die() { echo "post-results: $*" >&2; exit 1; }
info() { echo "post-results: $*"; }

usage() { echo "usage: $0 [-n] -r RACE_ID results.csv"; }

RACE_ID=""
while getopts ":r:nh" o; do
    case "$o" in
        r) RACE_ID="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
CSV="${1:-}"

[ -n "$RACE_ID" ] || { usage; exit 2; }
[ -f "$CSV" ] || die "results file '$CSV' not found"
command -v jq >/dev/null || die "jq is required"

API_KEY="${!KEY_VAR:-}"
[ -n "$API_KEY" ] || die "set $KEY_VAR to the club's league API key"

csv_to_json() {
    # skip header, trim CR from spreadsheets, emit one JSON object per line
    tail -n +2 "$1" | tr -d '\r' | while IFS=, read -r sail helm cls pos status; do
        [ -n "$sail" ] || continue
        jq -cn --arg sail "$sail" --arg helm "$helm" --arg cls "$cls" \
              --arg pos "$pos" --arg status "${status:-OK}" \
              '{sail: $sail, helm: $helm, class: $cls,
                position: ($pos | tonumber? // null), status: $status}'
    done | jq -s --arg club "$CLUB_CODE" --arg race "$RACE_ID" \
        '{club: $club, race_id: $race, entries: .}'
}

api() {
    local method="$1" path="$2"; shift 2
    curl -fsS --max-time 30 -X "$method" \
        -H "Authorization: Bearer $API_KEY" \
        -H "Accept: application/json" \
        "$@" "$LEAGUE_API$path"
}

main() {
    local payload n
    payload="$(csv_to_json "$CSV")"
    n="$(jq '.entries | length' <<<"$payload")"
    [ "$n" -gt 0 ] || die "no entries parsed from $CSV"
    info "$n entries for race $RACE_ID"

    if [ "$DRY_RUN" -eq 1 ]; then
        jq . <<<"$payload"
        return 0
    fi

    if api GET "/races/$RACE_ID" >/dev/null 2>&1; then
        info "race $RACE_ID known to league, submitting"
    else
        die "league does not know race $RACE_ID; create it on the league site first"
    fi

    local resp
    resp="$(api POST "/races/$RACE_ID/results" -H "Content-Type: application/json" --data-binary @- <<<"$payload")" \
        || die "submission failed"
    info "accepted: $(jq -r '.status // "ok"' <<<"$resp")"
}

main
