#!/bin/bash
# Turn the day's completed tuning jobs into invoices and hand them to the
# accounting service.
set -eu

WORK="/tmp/pianocare_invoices"
JOBS_CSV="${JOBS_CSV:-jobs/completed_$(date +%F).csv}"
ACCOUNTING_URL="${ACCOUNTING_URL:-https://ledger.pianocare.example/api/invoices}"
RATE_STANDARD="${RATE_STANDARD:-140}"
RATE_PITCH_RAISE="${RATE_PITCH_RAISE:-60}"
CURL_OPTS=(--silent --show-error --insecure --max-time 30)

declare -A STAGES=([prepare]=prepare_work [render]=render_invoices [send]=send_invoices [report]=report)
ORDER=(prepare render send report)

prepare_work() {
    mkdir -p "$WORK"
    rm -f "$WORK"/*.json "$WORK"/sent.list
    [ -f "$JOBS_CSV" ] || { echo "no jobs file $JOBS_CSV" >&2; return 1; }
    echo "working in $WORK"
}

invoice_json() {
    local job="$1" customer="$2" email="$3" piano="$4" raise="$5"
    local total=$RATE_STANDARD
    [ "$raise" = "yes" ] && total=$((total + RATE_PITCH_RAISE))
    cat <<EOF
{"job": "$job", "customer": "$customer", "email": "$email",
 "lines": [{"text": "Tuning, $piano", "amount": $RATE_STANDARD}$( [ "$raise" = "yes" ] && printf ', {"text": "Pitch raise", "amount": %s}' "$RATE_PITCH_RAISE")],
 "total": $total, "currency": "EUR"}
EOF
}

render_invoices() {
    local count=0
    while IFS=, read -r job customer email piano raise; do
        [ "$job" = "job" ] && continue
        invoice_json "$job" "$customer" "$email" "$piano" "$raise" >"$WORK/$job.json"
        count=$((count + 1))
    done <"$JOBS_CSV"
    echo "rendered $count invoices"
}

auth_header() {
    local key="${LEDGER_API_KEY:?set LEDGER_API_KEY}"
    printf 'Authorization: Bearer %s' "$key"
}

send_invoices() {
    local f code
    for f in "$WORK"/*.json; do
        [ -e "$f" ] || continue
        code=$(curl "${CURL_OPTS[@]}" -o /dev/null -w '%{http_code}' \
            -H "$(auth_header)" -H 'Content-Type: application/json' \
            --data-binary @"$f" "$ACCOUNTING_URL")
        if [ "$code" = "201" ] || [ "$code" = "200" ]; then
            basename "$f" .json >>"$WORK/sent.list"
        else
            echo "invoice $(basename "$f") rejected ($code)" >&2
        fi
    done
}

report() {
    local sent=0
    [ -f "$WORK/sent.list" ] && sent=$(wc -l <"$WORK/sent.list")
    echo "sent $sent invoices to accounting"
}

for stage in "${ORDER[@]}"; do
    "${STAGES[$stage]}"
done
