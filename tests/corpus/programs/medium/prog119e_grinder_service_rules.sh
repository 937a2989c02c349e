#!/usr/bin/env bash
# grinder_service_rules.sh - maintenance schedule for the bar and retail grinders.
#
# Reads grinders.tsv (one grinder per line):
#   id  model  burr_installed(YYYY-MM-DD)  kg_since_burrs  last_clean(YYYY-MM-DD)  kg_per_day
# pulls the current service intervals published by our service partner and
# prints when each grinder is next due for a clean and for new burrs.
# With -i it also writes an .ics file the shared bar calendar can subscribe to.
set -euo pipefail

INVENTORY="./grinders.tsv"
CACHE_DIR="./.grinder-cache"
RULES_URL="${GRINDER_RULES_URL:-https://portal.burrworks-service.com/intervals/current.rules}"
ICS_OUT=""
OFFLINE=0

# fallbacks if the portal can't be reached and nothing is cached
DEFAULT_BURR_KG=900
DEFAULT_CLEAN_DAYS=7

log() { printf '[grinders] %s\n' "$*" >&2; }

usage() {
    echo "usage: ${0##*/} [-f grinders.tsv] [-i schedule.ics] [-o]" >&2
    echo "  -o  offline: use cached intervals only" >&2
}

while getopts ":f:i:oh" opt; do
    case "$opt" in
        f) INVENTORY="$OPTARG" ;;
        i) ICS_OUT="$OPTARG" ;;
        o) OFFLINE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

fetch_rules() {
    mkdir -p "$CACHE_DIR"
    local part="$CACHE_DIR/intervals.part" attempt
    # the partner portal sits behind their own CA, which the bar PC doesn't carry
    for attempt in 1 2 3; do
        if wget -q -T 15 --no-check-certificate -O "$part" "$RULES_URL"; then
            mv -f "$part" "$CACHE_DIR/intervals.rules"
            log "intervals updated"
            return 0
        fi
        log "fetch attempt $attempt failed"
        sleep $((attempt * 2))
    done
    rm -f "$part"
    return 1
}

load_rules() {
    local f="$CACHE_DIR/intervals.rules" key val
    [[ -s "$f" ]] || { log "no cached intervals, using defaults"; return 0; }
    while IFS='=' read -r key val; do
        key="${key//[[:space:]]/}"; val="${val//[[:space:]]/}"
        [[ "$key" =~ ^(BURR_KG|CLEAN_DAYS)_[A-Z0-9]+$|^DEFAULT_(BURR_KG|CLEAN_DAYS)$ ]] || continue
        [[ "$val" =~ ^[0-9]+$ ]] || continue
        printf -v "$key" '%s' "$val"
    done < "$f"
}

model_key() { tr '[:lower:]' '[:upper:]' <<<"$1" | tr -c 'A-Z0-9\n' '_'; }

rule_for() {
    local kind="$1" model="$2" var default
    var="${kind}_$(model_key "$model")"
    default="DEFAULT_${kind}"
    printf '%s' "${!var:-${!default}}"
}

add_days() { date -d "$1 + $2 days" +%F; }

ics_event() {
    local uid="$1" day="$2" summary="$3"
    printf 'BEGIN:VEVENT\r\nUID:%s@grinders\r\nDTSTAMP:%s\r\nDTSTART;VALUE=DATE:%s\r\nSUMMARY:%s\r\nEND:VEVENT\r\n' \
        "$uid" "$(date -u +%Y%m%dT%H%M%SZ)" "${day//-/}" "$summary"
}

schedule() {
    local id model burr_date kg_since last_clean per_day burr_kg clean_days
    local days_left burr_due clean_due events=""
    printf '%-8s %-14s %-12s %-12s %s\n' ID MODEL CLEAN_DUE BURRS_DUE KG_LEFT
    while IFS=$'\t' read -r id model burr_date kg_since last_clean per_day; do
        [[ -z "$id" || "$id" == \#* ]] && continue
        burr_kg=$(rule_for BURR_KG "$model")
        clean_days=$(rule_for CLEAN_DAYS "$model")
        clean_due=$(add_days "$last_clean" "$clean_days")
        days_left=$(awk -v l="$burr_kg" -v u="$kg_since" -v d="$per_day" \
            'BEGIN { r = (l - u) / (d > 0 ? d : 1); printf "%d", (r < 0 ? 0 : r) }')
        burr_due=$(add_days "$(date +%F)" "$days_left")
        printf '%-8s %-14s %-12s %-12s %s\n' "$id" "$model" "$clean_due" "$burr_due" $((burr_kg - ${kg_since%.*}))
        events+="$(ics_event "clean-$id-$clean_due" "$clean_due" "Clean grinder $id ($model)")"$'\n'
        events+="$(ics_event "burr-$id-$burr_due" "$burr_due" "Replace burrs on $id ($model)")"$'\n'
    done < "$INVENTORY"

    if [[ -n "$ICS_OUT" ]]; then
        printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//roastery//grinders//EN\r\n%sEND:VCALENDAR\r\n' \
            "$events" > "$ICS_OUT"
        log "calendar written to $ICS_OUT"
    fi
}

[[ -r "$INVENTORY" ]] || { log "inventory $INVENTORY not found"; exit 1; }
if [[ $OFFLINE -eq 0 ]]; then
    fetch_rules || log "portal unreachable, continuing with cached intervals"
fi
load_rules
schedule
