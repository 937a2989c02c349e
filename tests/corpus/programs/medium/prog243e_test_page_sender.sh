#!/usr/bin/env bash
# test_page_sender.sh - send the weekly test page to every crew group.
#
# Every Monday at 19:00 the station sends a test page to each crew group so
# members can confirm their pagers work.  The paging provider's API lives on
# the county's appliance at pager.county.example.org, which still uses a
# self-signed certificate, so certificate checks are switched off.
#
# Needs PAGER_API_KEY in the environment.
#
# Usage: test_page_sender.sh [-g groups.txt] [-m message] [-n]

set -u

API="https://pager.county.example.org/api/v1/pages"
GROUPS_FILE="./crew_groups.txt"
MESSAGE="WEEKLY TEST PAGE - please acknowledge"
DRY_RUN=0
SPOOL="./test_page_spool"
LOG="./test_page.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

while getopts "g:m:n" opt; do
    case "$opt" in
        g) GROUPS_FILE="$OPTARG" ;;
        m) MESSAGE="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) echo "usage: $0 [-g groups.txt] [-m message] [-n]" >&2; exit 2 ;;
    esac
done

if [ -z "${PAGER_API_KEY:-}" ]; then
    log "PAGER_API_KEY is not set"
    exit 1
fi
if [ ! -r "$GROUPS_FILE" ]; then
    log "cannot read $GROUPS_FILE"
    exit 1
fi

mkdir -p "$SPOOL"
STAMP="$(date +%Y%m%d-%H%M)"
sent=0
failed=0

while IFS= read -r group; do
    group="${group%%#*}"
    group="$(echo "$group" | tr -d '[:space:]')"
    [ -z "$group" ] && continue

    body_file="$SPOOL/${STAMP}_${group}.json"
    # build the request body in Python so quoting in the message is safe
    PAGE_GROUP="$group" PAGE_MSG="$MESSAGE" PAGE_STAMP="$STAMP" python3 -c '
import json, os
print(json.dumps({
    "group": os.environ["PAGE_GROUP"],
    "text": os.environ["PAGE_MSG"],
    "priority": "test",
    "reference": "test-" + os.environ["PAGE_STAMP"],
}))
' > "$body_file" || { log "could not build body for $group"; failed=$((failed + 1)); continue; }

    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry run: would page $group with $(cat "$body_file")"
        continue
    fi

    status="$(curl -k -sS --max-time 20 -o "$SPOOL/${STAMP}_${group}.resp" \
        -w '%{http_code}' \
        -H "Authorization: Bearer ${PAGER_API_KEY}" \
        -H "Content-Type: application/json" \
        --data-binary @"$body_file" "$API")" || status="000"

    if [ "$status" = "200" ] || [ "$status" = "201" ] || [ "$status" = "202" ]; then
        log "paged $group (HTTP $status)"
        sent=$((sent + 1))
    else
        log "page to $group failed (HTTP $status)"
        failed=$((failed + 1))
    fi
    sleep 1
done < "$GROUPS_FILE"

log "test page run $STAMP: $sent sent, $failed failed"
[ "$failed" -eq 0 ]
