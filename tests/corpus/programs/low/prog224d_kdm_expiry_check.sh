#!/usr/bin/env bash
# kdm_expiry_check.sh - warn the projection team about Key Delivery
# Messages that expire soon, using the KDM index exported from the TMS
# (kdm_index.csv: screen,title,cpl_id,not_before,not_after).
#
# Usage: kdm_expiry_check.sh [-i kdm_index.csv] [-w warn_hours] [-o report_dir]

set -euo pipefail

INDEX_FILE="./kdm_index.csv"
WARN_HOURS=48
REPORT_DIR="./reports"

log() { printf '%s kdm-check: %s\n' "$(date '+%T')" "$*" >&2; }

usage() { echo "Usage: $(basename "$0") [-i kdm_index.csv] [-w warn_hours] [-o report_dir]"; }

while getopts ":i:w:o:h" opt; do
    case "$opt" in
        i) INDEX_FILE="$OPTARG" ;;
        w) WARN_HOURS="$OPTARG" ;;
        o) REPORT_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -r "$INDEX_FILE" ]] || { log "index $INDEX_FILE not found"; exit 1; }
[[ "$WARN_HOURS" =~ ^[0-9]+$ ]] || { log "warn hours must be a number"; exit 2; }

classify() {
    # Reads the CSV on stdin, writes "status|screen|title|hours_left|cpl".
    KDM_WARN_HOURS="$WARN_HOURS" python3 -c '
import csv, datetime, os, sys
warn = float(os.environ["KDM_WARN_HOURS"])
now = datetime.datetime.now(datetime.timezone.utc)
for row in csv.DictReader(sys.stdin):
    try:
        nb = datetime.datetime.fromisoformat(row["not_before"].replace("Z", "+00:00"))
        na = datetime.datetime.fromisoformat(row["not_after"].replace("Z", "+00:00"))
    except (KeyError, ValueError):
        print("BADROW|%s|%s|-|-" % (row.get("screen", "?"), row.get("title", "?")))
        continue
    left = (na - now).total_seconds() / 3600
    if now < nb:
        status = "NOTYET"
    elif left <= 0:
        status = "EXPIRED"
    elif left <= warn:
        status = "WARN"
    else:
        status = "OK"
    print("%s|%s|%s|%.1f|%s" % (status, row["screen"], row["title"], left, row["cpl_id"]))
'
}

write_report() {
    local results="$1" out="$2"
    {
        echo "KDM expiry report - $(date '+%F %H:%M')"
        echo "warning window: ${WARN_HOURS}h"
        echo
        printf '%-8s %-8s %-40s %10s\n' STATUS SCREEN TITLE HOURS_LEFT
        while IFS='|' read -r status screen title left _cpl; do
            printf '%-8s %-8s %-40.40s %10s\n' "$status" "$screen" "$title" "$left"
        done <<< "$results"
    } > "$out"
}

main() {
    mkdir -p "$REPORT_DIR"
    local results report expired warn notyet ref
    results="$(classify < "$INDEX_FILE" | sort -t'|' -k1,1 -k2,2)"
    if [[ -z "$results" ]]; then
        log "index is empty"
        exit 0
    fi
    report="$REPORT_DIR/kdm_expiry_$(date +%F).txt"
    write_report "$results" "$report"

    expired="$(grep -c '^EXPIRED|' <<< "$results" || true)"
    warn="$(grep -c '^WARN|' <<< "$results" || true)"
    notyet="$(grep -c '^NOTYET|' <<< "$results" || true)"
    # short reference for the team chat, base64 of the summary (display only)
    ref="$(printf 'e%s-w%s-n%s-%s' "$expired" "$warn" "$notyet" "$(date +%F)" | base64)"

    log "report: $report (ref $ref)"
    log "expired=$expired expiring=$warn not_yet_valid=$notyet"
    if (( expired > 0 || warn > 0 )); then
        exit 1
    fi
}

main
