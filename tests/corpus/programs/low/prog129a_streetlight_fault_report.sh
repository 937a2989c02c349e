#!/usr/bin/env bash
# streetlight_fault_report.sh - record streetlight faults reported to the
# parish clerk and keep their status in step with the county lighting team.
#
#   streetlight_fault_report.sh add <column-no> <location> <fault> [reporter]
#   streetlight_fault_report.sh list [open|all]
#   streetlight_fault_report.sh close <column-no>
#   streetlight_fault_report.sh check        # check the county status feed once
#
# Faults are kept in streetlight_faults.csv in the current directory.

set -eu

LOG_FILE="${FAULT_LOG:-./streetlight_faults.csv}"
STATUS_URL="${COUNTY_STATUS_URL:-https://highways.northvale-cc.example/lighting/status.json}"
HEADER="id,column,location,fault,reporter,reported,status"

say() { printf '%s\n' "$*" >&2; }

ensure_log() {
    if [ ! -f "$LOG_FILE" ]; then
        printf '%s\n' "$HEADER" > "$LOG_FILE"
    fi
}

csv_field() {
    # quote a value for CSV, doubling embedded quotes
    local v="${1//\"/\"\"}"
    printf '"%s"' "$v"
}

next_id() {
    awk -F, 'NR > 1 { if ($1 + 0 > max) max = $1 + 0 } END { print max + 1 }' "$LOG_FILE"
}

add_fault() {
    [ $# -ge 3 ] || { say "usage: add <column-no> <location> <fault> [reporter]"; exit 2; }
    ensure_log
    local id; id="$(next_id)"
    printf '%s,%s,%s,%s,%s,%s,open\n' "$id" "$(csv_field "$1")" "$(csv_field "$2")" \
        "$(csv_field "$3")" "$(csv_field "${4:-clerk}")" "$(date +%F)" >> "$LOG_FILE"
    say "logged fault #$id on column $1"
}

list_faults() {
    ensure_log
    local which="${1:-open}"
    awk -F, -v which="$which" 'NR == 1 { next }
        which == "all" || $NF == "open" {
            gsub(/"/, "", $0); printf "#%-4s col %-6s %-28s %-22s %s (%s)\n", $1, $2, $3, $4, $6, $NF
        }' "$LOG_FILE"
}

close_fault() {
    [ $# -eq 1 ] || { say "usage: close <column-no>"; exit 2; }
    ensure_log
    local tmp="${LOG_FILE}.new"
    awk -F, -v OFS=, -v col="\"$1\"" 'NR > 1 && $2 == col && $NF == "open" { $NF = "closed" } { print }' \
        "$LOG_FILE" > "$tmp" && mv "$tmp" "$LOG_FILE"
    say "closed open faults on column $1"
}

check_status() {
    command -v jq >/dev/null || { say "jq is required for check"; exit 1; }
    ensure_log
    local feed
    if ! feed="$(curl -fsS --max-time 30 "$STATUS_URL")"; then
        say "county status feed unavailable"
        exit 1
    fi
    local n=0
    while read -r col; do
        [ -n "$col" ] || continue
        close_fault "$col"
        n=$((n + 1))
    done < <(printf '%s' "$feed" | jq -r '.repaired[]?.column')
    say "$n repaired column(s) reported by the county"
}

cmd="${1:-list}"
[ $# -gt 0 ] && shift
case "$cmd" in
    add)   add_fault "$@" ;;
    list)  list_faults "$@" ;;
    close) close_fault "$@" ;;
    check) check_status ;;
    *)     sed -n '2,11p' "$0"; exit 2 ;;
esac
