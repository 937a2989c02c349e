#!/usr/bin/env bash
# shift_summary_post.sh - send the end-of-shift treatment summary to the
# central records API.
#
# Reads the shift's session export (./shift/sessions.csv), aggregates it
# into a JSON summary with python, keeps a copy in ./outbox (readable only by
# the owner), and posts it to the records API with the clinic's API key.
set -euo pipefail

API_URL="${RECORDS_API_URL:-https://records.example.org/api/v1/shift-summaries}"
CLINIC_ID="${CLINIC_ID:-}"
SHIFT="${SHIFT:-}"
SESSIONS_CSV="${SESSIONS_CSV:-./shift/sessions.csv}"
OUTBOX="./outbox"
DRY_RUN=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --clinic) CLINIC_ID="$2"; shift 2 ;;
        --shift)  SHIFT="$2"; shift 2 ;;
        --csv)    SESSIONS_CSV="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) echo "usage: $0 --clinic ID --shift morning|midday|evening [--csv file] [--dry-run]"; exit 0 ;;
        *) log "unknown argument $1"; exit 2 ;;
    esac
done

[ -n "$CLINIC_ID" ] || { log "--clinic is required"; exit 2; }
case "$SHIFT" in morning|midday|evening) ;; *) log "--shift must be morning, midday or evening"; exit 2 ;; esac
[ -r "$SESSIONS_CSV" ] || { log "cannot read $SESSIONS_CSV"; exit 1; }
if [ "$DRY_RUN" -eq 0 ] && [ -z "${RECORDS_API_KEY:-}" ]; then
    log "RECORDS_API_KEY is not set"
    exit 1
fi

mkdir -p "$OUTBOX"
PAYLOAD="$OUTBOX/summary_${CLINIC_ID}_$(date +%Y%m%d)_${SHIFT}.json"

build_summary() {
    SESSIONS_CSV="$SESSIONS_CSV" CLINIC_ID="$CLINIC_ID" SHIFT="$SHIFT" python3 - <<'PY'
import csv, json, os, statistics, datetime
rows = list(csv.DictReader(open(os.environ["SESSIONS_CSV"], newline="")))
def num(r, k):
    try:
        return float(r.get(k) or 0)
    except ValueError:
        return 0.0
completed = [r for r in rows if r.get("status") == "completed"]
summary = {
    "clinic_id": os.environ["CLINIC_ID"],
    "shift": os.environ["SHIFT"],
    "date": datetime.date.today().isoformat(),
    "sessions_scheduled": len(rows),
    "sessions_completed": len(completed),
    "sessions_shortened": sum(1 for r in completed if num(r, "duration_min") < num(r, "prescribed_min")),
    "mean_duration_min": round(statistics.mean(num(r, "duration_min") for r in completed), 1) if completed else None,
    "mean_uf_ml": round(statistics.mean(num(r, "uf_volume_ml") for r in completed)) if completed else None,
    "alarms_total": int(sum(num(r, "alarm_count") for r in rows)),
}
print(json.dumps(summary, indent=2))
PY
}

build_summary > "$PAYLOAD"
chmod 600 "$PAYLOAD"
log "summary written to $PAYLOAD"

if [ "$DRY_RUN" -eq 1 ]; then
    cat "$PAYLOAD"
    exit 0
fi

attempt=0
until [ "$attempt" -ge 3 ]; do
    attempt=$((attempt + 1))
    status="$(curl -sS --max-time 20 -o "$OUTBOX/last_response.json" -w '%{http_code}' \
        -X POST "$API_URL" \
        -H "Authorization: Bearer ${RECORDS_API_KEY}" \
        -H 'Content-Type: application/json' \
        --data-binary @"$PAYLOAD")" || status="000"
    if [ "$status" = "201" ] || [ "$status" = "200" ]; then
        log "summary accepted by records API (HTTP $status)"
        mv "$PAYLOAD" "$PAYLOAD.sent"
        exit 0
    fi
    log "attempt $attempt: HTTP $status, retrying"
    sleep $((attempt * 5))
done

log "giving up; payload left in $OUTBOX"
exit 1
