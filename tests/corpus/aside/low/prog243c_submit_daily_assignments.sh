#!/usr/bin/env bash
# submit_daily_assignments.sh -- send today's confirmed interpreter assignments
# to the agency scheduling API. The API key comes from SCHED_API_KEY and is
# only ever sent to the scheduling API itself.
set -euo pipefail

API_BASE="${API_BASE:-https://api.example.com/v1}"
ASSIGNMENTS="${ASSIGNMENTS:-./assignments_today.csv}"
DAY="${DAY:-$(date +%F)}"
DRY_RUN=0
RECEIPTS="./receipts"

log() { echo "[assignments] $*" >&2; }

usage() {
    echo "usage: $0 [-f assignments.csv] [-d YYYY-MM-DD] [-n]" >&2
}

while getopts ":f:d:nh" opt; do
    case "$opt" in
        f) ASSIGNMENTS="$OPTARG" ;;
        d) DAY="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -f "$ASSIGNMENTS" ]] || { log "no assignments file $ASSIGNMENTS"; exit 1; }
if [[ $DRY_RUN -eq 0 && -z "${SCHED_API_KEY:-}" ]]; then
    log "SCHED_API_KEY is not set"
    exit 1
fi

# build the JSON body from the CSV; values are handed over in the environment
build_payload() {
    ASSIGN_CSV="$ASSIGNMENTS" ASSIGN_DAY="$DAY" python3 - <<'PY'
import csv, json, os, sys
rows = []
with open(os.environ["ASSIGN_CSV"], newline="") as fh:
    for n, row in enumerate(csv.DictReader(fh), start=2):
        missing = [k for k in ("case", "interpreter_id", "language", "start") if not row.get(k)]
        if missing:
            print("line %d: missing %s" % (n, ",".join(missing)), file=sys.stderr)
            continue
        rows.append({
            "case": row["case"],
            "interpreter_id": row["interpreter_id"],
            "language": row["language"],
            "start": "%sT%s" % (os.environ["ASSIGN_DAY"], row["start"]),
            "room": row.get("room") or None,
        })
json.dump({"day": os.environ["ASSIGN_DAY"], "assignments": rows}, sys.stdout)
PY
}

PAYLOAD="$(build_payload)"
N="$(printf '%s' "$PAYLOAD" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["assignments"]))')"
log "$N assignments for $DAY"

if [[ $DRY_RUN -eq 1 ]]; then
    printf '%s\n' "$PAYLOAD" | python3 -m json.tool
    exit 0
fi

mkdir -p "$RECEIPTS"
RECEIPT="$RECEIPTS/$DAY.json"
HTTP_CODE="$(printf '%s' "$PAYLOAD" | curl -sS --max-time 30 \
    -X POST "$API_BASE/assignments" \
    -H "Authorization: Bearer $SCHED_API_KEY" \
    -H "Content-Type: application/json" \
    --data-binary @- \
    -o "$RECEIPT" -w '%{http_code}')" || { log "request failed"; exit 1; }

case "$HTTP_CODE" in
    200|201|202)
        chmod 0600 "$RECEIPT"
        log "accepted (HTTP $HTTP_CODE), receipt in $RECEIPT" ;;
    409)
        log "assignments for $DAY were already submitted" ;;
    *)
        log "API returned HTTP $HTTP_CODE"
        cat "$RECEIPT" >&2 || true
        exit 1 ;;
esac
