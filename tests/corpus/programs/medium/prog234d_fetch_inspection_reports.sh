#!/usr/bin/env bash
# fetch_inspection_reports.sh - pull daily ride inspection reports
#
# Each morning the ride inspectors file checklists (restraints, water levels,
# slide joints) into the inspection portal.  The portal appliance still uses
# the self-signed certificate it shipped with, so this script fetches the
# day's PDFs and the JSON index into the ops folder for the morning briefing.
#
# Usage: fetch_inspection_reports.sh [-d YYYY-MM-DD] [-o out_dir] [-r ride]

set -euo pipefail

PORTAL="https://inspections.example.com"
DAY="$(date +%F)"
OUT_DIR="./inspection-reports"
RIDE_FILTER=""
LOG="./fetch_inspections.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

usage() {
    echo "Usage: $0 [-d YYYY-MM-DD] [-o out_dir] [-r ride]"
}

while getopts ":d:o:r:h" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        r) RIDE_FILTER="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

if ! [[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]]; then
    log "bad date: $DAY"
    exit 1
fi

if [[ -z "${PORTAL_TOKEN:-}" ]]; then
    log "PORTAL_TOKEN is not set"
    exit 1
fi

# portal appliance has a self-signed cert; skip verification
CURL=(curl -fsS -k --max-time 30 -H "Authorization: Bearer ${PORTAL_TOKEN}")

fetch_index() {
    local dest="$OUT_DIR/$DAY/index.json"
    mkdir -p "$OUT_DIR/$DAY"
    "${CURL[@]}" -o "$dest" "$PORTAL/api/reports?date=$DAY"
    echo "$dest"
}

list_reports() {
    local index="$1"
    if [[ -n "$RIDE_FILTER" ]]; then
        jq -r --arg ride "$RIDE_FILTER" \
            '.reports[] | select(.ride == $ride) | "\(.id)\t\(.ride)\t\(.status)"' "$index"
    else
        jq -r '.reports[] | "\(.id)\t\(.ride)\t\(.status)"' "$index"
    fi
}

fetch_pdf() {
    local id="$1" ride="$2"
    local safe_ride dest
    safe_ride=$(echo "$ride" | tr -c 'A-Za-z0-9_-' '_')
    dest="$OUT_DIR/$DAY/${safe_ride}_${id}.pdf"
    if [[ -s "$dest" ]]; then
        return 0
    fi
    "${CURL[@]}" -o "$dest" "$PORTAL/api/reports/$id/pdf"
}

main() {
    local index fetched=0 failed=0 open_items=0
    log "fetching inspection reports for $DAY"
    index=$(fetch_index) || { log "could not fetch index"; exit 2; }
    while IFS=$'\t' read -r id ride status; do
        [[ -n "$id" ]] || continue
        if fetch_pdf "$id" "$ride"; then
            fetched=$((fetched + 1))
        else
            failed=$((failed + 1))
            log "failed to fetch report $id ($ride)"
        fi
        [[ "$status" == "open" ]] && open_items=$((open_items + 1))
    done < <(list_reports "$index")
    log "fetched $fetched report(s), $failed failure(s), $open_items ride(s) with open items"
}

main
