#!/usr/bin/env bash
# gate_count_upload.sh - send daily visitor counts to the statistics API.
#
# The door counters drop one CSV per day into ./gatecounts. This script
# totals each day per entrance and posts the figures as JSON to the
# library-service statistics API, authenticating with STATS_API_KEY.
set -euo pipefail

COUNT_DIR="./gatecounts"
STATS_URL="${STATS_URL:-https://stats.example.org/api/v1/visits}"
BRANCH="${BRANCH:-central}"
SENT_LOG="./gatecounts/.sent"
RUN_LOG="./gate-upload.log"
DRY_RUN=0

while [ $# -gt 0 ]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=1 ;;
        -b|--branch) shift; BRANCH="${1:?branch name}" ;;
        -h|--help) echo "usage: $0 [-n] [-b branch]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

touch "$RUN_LOG" && chmod 600 "$RUN_LOG"
log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$RUN_LOG" >&2; }

os_name() {
    # only used in the log line, to tell branch PCs apart
    local name
    name="$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release 2>/dev/null)"
    echo "${name:-unknown}"
}

pending_files() {
    touch "$SENT_LOG"
    local f
    for f in "$COUNT_DIR"/*.csv; do
        [ -e "$f" ] || continue
        grep -qxF "$(basename "$f")" "$SENT_LOG" || printf '%s\n' "$f"
    done
}

to_json() {
    GC_FILE="$1" GC_BRANCH="$BRANCH" python3 -c '
import csv, json, os, sys, collections
path = os.environ["GC_FILE"]
day = os.path.basename(path)[:10]
totals = collections.Counter()
with open(path, newline="") as fh:
    for row in csv.DictReader(fh):
        try:
            totals[row["entrance"]] += int(row["count"])
        except (KeyError, ValueError):
            continue
json.dump({"branch": os.environ["GC_BRANCH"], "date": day,
           "entrances": dict(totals), "total": sum(totals.values())}, sys.stdout)
'
}

upload() {
    local body="$1"
    [ -n "${STATS_API_KEY:-}" ] || { log "STATS_API_KEY not set"; return 1; }
    curl -fsS --max-time 20 -X POST "$STATS_URL" \
        -H "Content-Type: application/json" \
        -H "Authorization: Bearer $STATS_API_KEY" \
        --data-binary "$body" >/dev/null
}

main() {
    log "run on $(hostname) / $(os_name), branch $BRANCH"
    local f body sent=0 failed=0
    while IFS= read -r f; do
        body="$(to_json "$f")" || { log "could not parse $f"; failed=$((failed + 1)); continue; }
        if [ "$DRY_RUN" -eq 1 ]; then
            log "dry run: $body"
            continue
        fi
        if upload "$body"; then
            basename "$f" >>"$SENT_LOG"
            sent=$((sent + 1))
        else
            log "upload failed for $f"
            failed=$((failed + 1))
        fi
    done < <(pending_files)
    log "sent $sent day(s), $failed failure(s)"
    [ "$failed" -eq 0 ]
}

main
