#!/usr/bin/env bash
# Sends the end-of-day tonnage summary to the head-office reporting API.
# Reads the day's scale CSV (timestamp,net_kg,stable) from ./exports and
# posts one JSON document. The API key comes from YARD_REPORT_API_KEY and is
# only ever sent to the reporting API.
set -euo pipefail

API_URL="${YARD_REPORT_API:-https://reports.example.com/api/v1/daily-tonnage}"
YARD_ID="${YARD_ID:-north-yard}"
EXPORT_DIR="${EXPORT_DIR:-./exports}"
declare -a CURL_OPTS=(--fail --silent --show-error --max-time 20)

die() { echo "report-upload: $*" >&2; exit 1; }

day_csv() {
    local day="$1"
    echo "${EXPORT_DIR}/scale_${day//-/}.csv"
}

totals() {
    # prints: tickets total_kg stable_tickets
    awk -F, '{ n++; kg += $2; if ($3 == 1) s++ } END { printf "%d %d %d\n", n, kg, s }' "$1"
}

build_body() {
    local day="$1" n="$2" kg="$3" stable="$4"
    cat <<JSON
{
  "yard": "${YARD_ID}",
  "date": "${day}",
  "tickets": ${n},
  "net_tonnes": $(awk -v kg="$kg" 'BEGIN { printf "%.3f", kg / 1000 }'),
  "stable_readings": ${stable},
  "generated_by": "yard_report_upload.sh"
}
JSON
}

post() {
    local body_file="$1"
    curl "${CURL_OPTS[@]}" \
        -H "Authorization: Bearer ${YARD_REPORT_API_KEY}" \
        -H "Content-Type: application/json" \
        --data @"$body_file" \
        "$API_URL"
}

main() {
    local day="${1:-$(date +%F)}"
    [[ -n "${YARD_REPORT_API_KEY:-}" ]] || die "YARD_REPORT_API_KEY is not set"
    local csv
    csv="$(day_csv "$day")"
    [[ -f "$csv" ]] || die "no export for $day ($csv)"

    read -r n kg stable < <(totals "$csv")
    local body_file="./report_${day}.json"
    build_body "$day" "$n" "$kg" "$stable" > "$body_file"
    chmod 600 "$body_file"

    local reply
    reply="$(post "$body_file")"
    echo "uploaded $day: $n tickets, $kg kg -> ${reply:-ok}"
}

main "$@"
