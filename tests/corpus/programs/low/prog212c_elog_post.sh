#!/usr/bin/env bash
# elog_post.sh -- post an end-of-run summary to the experiment's e-logbook.
#
# Reads the run's summary file (key=value lines written by the DAQ), turns
# it into the logbook's JSON entry format and posts it to the logbook API.
# The API key is taken from ELOG_API_KEY in the environment and is sent only
# to the logbook.
#
# Usage: elog_post.sh [-c CATEGORY] [-n] SUMMARY_FILE
#   -n  dry run: print the JSON entry instead of posting it

set -euo pipefail

API_URL="https://elog.example.org/api/v1"
CATEGORY="Run summary"
DRY_RUN=0
LOG="${PWD}/elog_post.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG" >&2; }

while getopts ":c:nh" opt; do
    case "$opt" in
        c) CATEGORY="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) sed -n '2,10p' "$0"; exit 0 ;;
    esac
done
shift $(( OPTIND - 1 ))

SUMMARY="${1:-}"
[[ -n "$SUMMARY" && -r "$SUMMARY" ]] || { log "summary file missing or unreadable"; exit 2; }

# key=value summary -> logbook JSON entry (Python does the quoting)
build_entry() {
    ENTRY_CATEGORY="$CATEGORY" ENTRY_AUTHOR="${USER:-daq}" python3 -c '
import json, os, sys
fields = {}
for line in sys.stdin:
    line = line.strip()
    if not line or line.startswith("#") or "=" not in line:
        continue
    k, v = line.split("=", 1)
    fields[k.strip()] = v.strip()
run = fields.get("run", "?")
body = "\n".join(f"{k}: {v}" for k, v in sorted(fields.items()))
entry = {
    "category": os.environ["ENTRY_CATEGORY"],
    "author": os.environ["ENTRY_AUTHOR"],
    "subject": f"Run {run} finished",
    "text": body,
    "attributes": {"run": run, "events": fields.get("events", "")},
}
json.dump(entry, sys.stdout)
' < "$SUMMARY"
}

check_api() {
    local code
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "${API_URL}/status") || code="000"
    [[ "$code" == "200" ]]
}

post_entry() {
    local entry="$1" response
    response=$(printf '%s' "$entry" | curl -sS --fail --max-time 30 \
        -H "Content-Type: application/json" \
        -H "Authorization: Bearer ${ELOG_API_KEY}" \
        --data-binary @- "${API_URL}/entries") || return 1
    printf '%s' "$response" | python3 -c 'import json,sys; print(json.load(sys.stdin).get("id","?"))'
}

main() {
    local entry id
    entry=$(build_entry) || { log "could not parse $SUMMARY"; exit 1; }
    if (( DRY_RUN )); then
        printf '%s\n' "$entry" | python3 -m json.tool
        return 0
    fi
    [[ -n "${ELOG_API_KEY:-}" ]] || { log "ELOG_API_KEY is not set"; exit 2; }
    if ! check_api; then
        log "logbook API at $API_URL not reachable"
        exit 1
    fi
    if id=$(post_entry "$entry"); then
        log "posted entry $id for $(basename "$SUMMARY")"
    else
        log "posting failed"
        exit 1
    fi
}

main
