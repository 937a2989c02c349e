#!/usr/bin/env bash
# rest_compliance.sh - check a duty export (CSV in the working directory)
# against the minimum rest rules and write a compliance report. Thresholds
# come from ./rest_rules.conf when present, otherwise from the defaults.
set -euo pipefail

EXPORT="${1:-duty_export.csv}"
RULES_FILE="./rest_rules.conf"
REPORT_DIR="./compliance"
MIN_REST_HOME=12
MIN_REST_AWAY=10
MIN_WEEKLY_OFF=36

log() { echo "$(date '+%F %T') rest-check: $*" >&2; }

read_rules() {
    [ -f "$RULES_FILE" ] || return 0
    while IFS='=' read -r key value; do
        key="${key// /}"
        value="${value// /}"
        case "$key" in
            ''|\#*) continue ;;
            min_rest_home) MIN_REST_HOME="$value" ;;
            min_rest_away) MIN_REST_AWAY="$value" ;;
            min_weekly_off) MIN_WEEKLY_OFF="$value" ;;
            *) log "ignoring unknown rule '$key'" ;;
        esac
    done < "$RULES_FILE"
    for v in "$MIN_REST_HOME" "$MIN_REST_AWAY" "$MIN_WEEKLY_OFF"; do
        [[ "$v" =~ ^[0-9]+$ ]] || { log "non-numeric rule value: $v"; exit 2; }
    done
}

check_rest() {
    EXPORT="$EXPORT" HOME_H="$MIN_REST_HOME" AWAY_H="$MIN_REST_AWAY" \
    WEEK_H="$MIN_WEEKLY_OFF" python3 -c '
import csv, os, sys
from collections import defaultdict
from datetime import datetime, timedelta

fmt = "%Y-%m-%d %H:%M"
home_h, away_h, week_h = (int(os.environ[k]) for k in ("HOME_H", "AWAY_H", "WEEK_H"))
duties = defaultdict(list)
with open(os.environ["EXPORT"], newline="") as fh:
    for row in csv.DictReader(fh):
        try:
            duties[row["crew_id"]].append((datetime.strptime(row["duty_start"], fmt),
                                           datetime.strptime(row["duty_end"], fmt),
                                           row.get("rest_at", "HOME")))
        except (KeyError, ValueError):
            continue

print("crew_id,issue,detail")
for crew, spans in sorted(duties.items()):
    spans.sort()
    longest_gap = timedelta(0)
    for (s1, e1, where), (s2, _, _) in zip(spans, spans[1:]):
        gap = s2 - e1
        longest_gap = max(longest_gap, gap)
        need = home_h if where == "HOME" else away_h
        if gap < timedelta(hours=need):
            print(f"{crew},short_rest,{e1:%m-%d %H:%M} {gap.total_seconds()/3600:.1f}h<{need}h")
    if len(spans) > 1 and longest_gap < timedelta(hours=week_h):
        print(f"{crew},no_weekly_off,longest {longest_gap.total_seconds()/3600:.1f}h")
'
}

main() {
    [ -f "$EXPORT" ] || { log "export $EXPORT not found"; exit 1; }
    read_rules
    mkdir -p "$REPORT_DIR"
    local stamp report
    stamp="$(date +%Y%m%d_%H%M)"
    report="$REPORT_DIR/rest_${stamp}.csv"
    log "rules: home ${MIN_REST_HOME}h, away ${MIN_REST_AWAY}h, weekly off ${MIN_WEEKLY_OFF}h"
    check_rest > "$report"
    chmod 600 "$report"
    local issues crew_count
    issues=$(( $(wc -l < "$report") - 1 ))
    crew_count="$(tail -n +2 "$report" | cut -d, -f1 | sort -u | wc -l)"
    log "$issues issue(s) for $crew_count crew member(s); report: $report"
    # keep only the ten most recent reports
    ls -1t "$REPORT_DIR"/rest_*.csv | tail -n +11 | while read -r old; do
        rm -f "$old"
    done
    [ "$issues" -eq 0 ]
}

main
