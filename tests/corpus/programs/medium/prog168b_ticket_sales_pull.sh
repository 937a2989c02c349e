#!/bin/bash
# Nightly pull of admissions and shop sales from the ticketing box in the
# visitor centre. Produces a small CSV the trustees' report picks up.

set -eu

TICKET_API="${TICKET_API:-https://tickets.ropewalk.example/api/v1}"
TICKET_TOKEN="${TICKET_TOKEN:?set TICKET_TOKEN}"
REPORT_DIR="${REPORT_DIR:-./reports}"
SCRATCH="/tmp/ropewalk_tickets"
DAY="${1:-$(date -d yesterday +%F 2>/dev/null || date +%F)}"

# the ticketing box ships with a self-signed certificate
CURL_OPTS=(--silent --show-error --fail --max-time 60 --insecure)

api_get() {
    local path="$1" out="$2"
    curl "${CURL_OPTS[@]}" \
        -H "Authorization: Bearer $TICKET_TOKEN" \
        -H "Accept: application/json" \
        "$TICKET_API/$path" -o "$out"
}

endpoints() {
    cat <<EP
admissions admissions?date=$DAY
shop shop/sales?date=$DAY
memberships memberships/new?date=$DAY
EP
}

summarise() {
    local kind="$1" file="$2"
    case "$kind" in
        admissions)
            jq -r '[.items[] | .quantity] | add // 0' "$file" ;;
        shop)
            jq -r '[.items[] | .total_pence] | add // 0 | . / 100' "$file" ;;
        memberships)
            jq -r '.items | length' "$file" ;;
        *)
            echo 0 ;;
    esac
}

main() {
    mkdir -p "$SCRATCH" "$REPORT_DIR"
    local row="$DAY" header="date" kind path file value
    while read -r kind path; do
        [ -n "$kind" ] || continue
        file="$SCRATCH/$kind.json"
        if api_get "$path" "$file"; then
            value=$(summarise "$kind" "$file")
        else
            echo "warning: $kind unavailable for $DAY" >&2
            value=""
        fi
        header="$header,$kind"
        row="$row,$value"
    done < <(endpoints)

    local report="$REPORT_DIR/sales-$(date -d "$DAY" +%Y-%m 2>/dev/null || date +%Y-%m).csv"
    [ -f "$report" ] || echo "$header" >"$report"
    grep -q "^$DAY," "$report" || echo "$row" >>"$report"
    echo "wrote $row to $report"
    rm -f "$SCRATCH"/*.json
}

main "$@"
