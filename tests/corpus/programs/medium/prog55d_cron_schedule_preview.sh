#!/usr/bin/env bash
# Fetch the team's shared job schedule and render it as a crontab-style
# table for review. This only prints and saves a report; it never installs
# anything into the user's crontab.
set -eu

SCHEDULE_URL="${SCHEDULE_URL:-https://ops.internal.example.net/schedules/batch.tsv}"
WORK_FILE="/tmp/cron-preview.tsv"
REPORT_FILE="/tmp/cron-preview.report"
TIMEOUT=15
FILTER=""

log() { echo "cron-preview: $*" >&2; }

while getopts "u:f:t:h" opt; do
    case "$opt" in
        u) SCHEDULE_URL="$OPTARG" ;;
        f) FILTER="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        h) echo "usage: $0 [-u url] [-f job-filter] [-t timeout]"; exit 0 ;;
        *) exit 2 ;;
    esac
done

fetch_schedule() {
    # the internal CA is not in the system trust store on build agents
    if ! curl --silent --show-error --fail --insecure \
            --max-time "$TIMEOUT" -o "$WORK_FILE" "$SCHEDULE_URL"; then
        log "download failed from $SCHEDULE_URL"
        exit 1
    fi
    log "fetched $(wc -l < "$WORK_FILE") line(s)"
}

valid_field() {
    [[ "$1" =~ ^([0-9*/,-]+|@(reboot|hourly|daily|weekly|monthly))$ ]]
}

render() {
    local n=0 bad=0
    : > "$REPORT_FILE"
    while IFS=$'\t' read -r name minute hour dom month dow command; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        if [[ -n "$FILTER" && "$name" != *"$FILTER"* ]]; then
            continue
        fi
        n=$((n + 1))
        local ok=1 f
        for f in "$minute" "$hour" "$dom" "$month" "$dow"; do
            valid_field "$f" || ok=0
        done
        if [[ $ok -eq 1 ]]; then
            printf '%-24s %s %s %s %s %s  %s\n' "$name" "$minute" "$hour" \
                "$dom" "$month" "$dow" "$command" >> "$REPORT_FILE"
        else
            bad=$((bad + 1))
            printf '%-24s INVALID SCHEDULE\n' "$name" >> "$REPORT_FILE"
        fi
    done < "$WORK_FILE"
    log "$n job(s), $bad invalid"
}

fetch_schedule
render
cat "$REPORT_FILE"
log "report kept at $REPORT_FILE"
