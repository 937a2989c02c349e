#!/usr/bin/env bash
# Submit anaesthesia monitoring logs from the surgery teaching lab to the
# school's anaesthesia records API. Each CSV in ./anaesthesia_logs holds the
# vitals recorded every five minutes for one procedure on a teaching animal.
# The API key comes from ANESTH_API_KEY and is only sent to that API.
set -euo pipefail

API_BASE="${API_BASE:-https://records.anaesthesia.example.org/api/v2}"
LOG_DIR="${LOG_DIR:-./anaesthesia_logs}"
DONE_DIR="${DONE_DIR:-./anaesthesia_logs/submitted}"
LAB_ID="${LAB_ID:-surg-lab-2}"

: "${ANESTH_API_KEY:?set ANESTH_API_KEY to the records API key of this lab}"

log() { echo "$(date '+%F %T') $*" >&2; }

csv_to_json() {
    # columns: time,hr,rr,spo2,etco2,map,temp,iso_pct
    local csv="$1"
    jq -R -s --arg lab "$LAB_ID" --arg file "$(basename "$csv")" '
        split("\n") | map(select(length > 0)) | .[1:] |
        map(split(",")) |
        map({time: .[0], hr: (.[1]|tonumber?), rr: (.[2]|tonumber?),
             spo2: (.[3]|tonumber?), etco2: (.[4]|tonumber?),
             map: (.[5]|tonumber?), temp: (.[6]|tonumber?),
             iso_pct: (.[7]|tonumber?)}) as $rows |
        {lab: $lab, source_file: $file, readings: $rows}' "$csv"
}

attach_raw() {
    # the records API keeps the original file, base64-encoded, for audit
    local json="$1" csv="$2"
    jq --arg raw "$(base64 -w0 "$csv")" '. + {raw_csv_b64: $raw}' <<<"$json"
}

submit() {
    local body="$1" code
    code="$(curl -sS -o ./last_response.json -w '%{http_code}' --max-time 30 \
        -X POST "$API_BASE/procedures" \
        -H "Authorization: Bearer $ANESTH_API_KEY" \
        -H "Content-Type: application/json" \
        --data-binary @- <<<"$body")"
    [[ "$code" =~ ^2 ]]
}

validate() {
    local csv="$1" header
    header="$(head -n1 "$csv" | tr -d '\r')"
    [[ "$header" == "time,hr,rr,spo2,etco2,map,temp,iso_pct" ]]
}

main() {
    local f body ok=0 fail=0
    command -v jq >/dev/null || { log "jq is required"; exit 1; }
    mkdir -p "$DONE_DIR"
    shopt -s nullglob
    for f in "$LOG_DIR"/*.csv; do
        if ! validate "$f"; then
            log "skip $f: unexpected header"
            fail=$((fail + 1))
            continue
        fi
        body="$(attach_raw "$(csv_to_json "$f")" "$f")"
        if submit "$body"; then
            mv -- "$f" "$DONE_DIR/"
            log "submitted $(basename "$f")"
            ok=$((ok + 1))
        else
            log "API rejected $(basename "$f"); see ./last_response.json"
            fail=$((fail + 1))
        fi
    done
    log "done: $ok submitted, $fail failed"
    [[ $fail -eq 0 ]]
}

main "$@"
