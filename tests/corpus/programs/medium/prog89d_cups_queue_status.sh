#!/usr/bin/env bash
# Check the pawn-ticket and tag-label print queues before the shop opens.
#
# Reads queue state from the local CUPS web interface, lists jobs that
# have been stuck longer than STUCK_MIN minutes, optionally cancels the
# stuck jobs that belong to the counter account, and leaves a short
# status report for the morning checklist screen.
#
#   cups_queue_status.sh [-q "TICKET LABELS"] [-m minutes] [--cancel-stuck]

set -o pipefail

QUEUES="TICKET LABELS"
STUCK_MIN=10
CANCEL_STUCK=0
CUPS_URL="https://localhost:631"
REPORT=/tmp/cups_queue_status.txt
JOBS_CACHE=/tmp/cups_jobs.html

while [[ $# -gt 0 ]]; do
    case "$1" in
        -q) QUEUES="$2"; shift 2 ;;
        -m) STUCK_MIN="$2"; shift 2 ;;
        --cancel-stuck) CANCEL_STUCK=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

log() { echo "$(date '+%F %T') $*" | tee -a "$REPORT"; }

queue_state() {
    # "printer TICKET is idle.  enabled since ..." -> idle/printing/disabled
    local q="$1" line
    line=$(lpstat -p "$q" 2>/dev/null) || { echo "missing"; return; }
    case "$line" in
        *disabled*) echo "disabled" ;;
        *printing*) echo "printing" ;;
        *idle*) echo "idle" ;;
        *) echo "unknown" ;;
    esac
}

web_jobs() {
    # the CUPS web UI carries the job age; lpstat only shows submit time
    curl -sk --max-time 10 "$CUPS_URL/jobs?which_jobs=not-completed" -o "$JOBS_CACHE" || return 1
    grep -oE 'href="/jobs/[0-9]+"[^<]*|[0-9]+ minutes? ago' "$JOBS_CACHE" | paste - - 2>/dev/null
}

stuck_jobs() {
    local q="$1" now epoch id user size rest
    now=$(date +%s)
    lpstat -o "$q" 2>/dev/null | while read -r id user size rest; do
        epoch=$(date -d "$rest" +%s 2>/dev/null) || continue
        if (( (now - epoch) / 60 >= STUCK_MIN )); then
            echo "$id $user"
        fi
    done
}

: > "$REPORT"
log "print queue check on $(hostname)"
problems=0

for q in $QUEUES; do
    state=$(queue_state "$q")
    log "queue $q: $state"
    [[ "$state" == "disabled" || "$state" == "missing" ]] && problems=$((problems + 1))

    while read -r job owner; do
        [[ -z "$job" ]] && continue
        log "  stuck: $job ($owner)"
        problems=$((problems + 1))
        if (( CANCEL_STUCK )) && [[ "$owner" == "$USER" ]]; then
            cancel "$job" && log "  cancelled $job"
        fi
    done < <(stuck_jobs "$q")
done

if web_jobs > /dev/null; then
    log "web interface reachable, $(grep -c 'href="/jobs/' "$JOBS_CACHE") job(s) pending"
else
    log "CUPS web interface not reachable at $CUPS_URL"
    problems=$((problems + 1))
fi

if (( problems )); then
    log "ATTENTION: $problems problem(s); see $REPORT or call the print support line"
    exit 1
fi
log "all queues ready"
