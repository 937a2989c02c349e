#!/usr/bin/env bash
# Works out which patients are due a booster in the next N days and sends
# the list to the reminder service's API, which texts the owners.
# Input: ./patients.csv (id,name,species,owner,phone,vaccine,last_given)
set -euo pipefail

DAYS_AHEAD="${DAYS_AHEAD:-30}"
INPUT="${INPUT:-./patients.csv}"
API_URL="${REMINDER_API_URL:-https://api.example.com/v1/reminders}"
BUILD_DIR="./build"
DRY_RUN=0

log() { echo "[$(date '+%H:%M:%S')] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --days) DAYS_AHEAD="$2"; shift 2 ;;
        --input) INPUT="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        --clean) rm -rf "$BUILD_DIR"; log "build dir removed"; exit 0 ;;
        *) echo "usage: $0 [--days N] [--input FILE] [--dry-run] [--clean]" >&2; exit 2 ;;
    esac
done

[[ -f "$INPUT" ]] || { log "no $INPUT"; exit 1; }
mkdir -p "$BUILD_DIR"

# booster intervals in months, per vaccine code
INTERVALS="DHPP=12,LEPTO=12,RABIES=36,FVRCP=12,FELV=12,KC=12,RHD=12"

due_list() {
    INPUT="$INPUT" DAYS_AHEAD="$DAYS_AHEAD" INTERVALS="$INTERVALS" python3 -c '
import csv, os, sys
from datetime import date, timedelta

intervals = dict(kv.split("=") for kv in os.environ["INTERVALS"].split(","))
horizon = date.today() + timedelta(days=int(os.environ["DAYS_AHEAD"]))
with open(os.environ["INPUT"], newline="") as fh:
    for row in csv.DictReader(fh):
        months = int(intervals.get(row["vaccine"].upper(), 12))
        try:
            last = date.fromisoformat(row["last_given"])
        except ValueError:
            print("bad date for %s" % row["id"], file=sys.stderr)
            continue
        y, m = divmod(last.month - 1 + months, 12)
        due = last.replace(year=last.year + y, month=m + 1, day=min(last.day, 28))
        if due <= horizon:
            print("\t".join([row["id"], row["name"], row["owner"], row["phone"], row["vaccine"], due.isoformat()]))
'
}

count=0
: > "$BUILD_DIR/due.tsv"
while IFS=$'\t' read -r pid pet owner phone vaccine due; do
    [[ -z "$phone" ]] && { log "no phone for patient $pid, skipped"; continue; }
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$pid" "$pet" "$owner" "$phone" "$vaccine" "$due" >> "$BUILD_DIR/due.tsv"
    count=$((count + 1))
done < <(due_list)
log "$count reminders due within $DAYS_AHEAD days"
(( count > 0 )) || exit 0

payload=$(DUE_FILE="$BUILD_DIR/due.tsv" python3 - <<'PY'
import json, os
items = []
for line in open(os.environ["DUE_FILE"]):
    pid, pet, owner, phone, vaccine, due = line.rstrip("\n").split("\t")
    items.append({"patient_id": pid, "to": phone,
                  "template": "booster_due",
                  "vars": {"pet": pet, "owner": owner, "vaccine": vaccine, "due": due}})
print(json.dumps({"reminders": items}))
PY
)
printf '%s\n' "$payload" > "$BUILD_DIR/payload.json"

if [[ $DRY_RUN -eq 1 ]]; then
    log "dry run; payload in $BUILD_DIR/payload.json"
    exit 0
fi

: "${REMINDER_API_KEY:?set REMINDER_API_KEY}"
http_code=$(curl -sS --max-time 30 -o "$BUILD_DIR/response.json" -w '%{http_code}' \
    -X POST "$API_URL" \
    -H "Authorization: Bearer $REMINDER_API_KEY" \
    -H "Content-Type: application/json" \
    --data-binary @"$BUILD_DIR/payload.json")
if [[ "$http_code" == 2* ]]; then
    log "reminder service accepted $count reminders"
    rm -f "$BUILD_DIR/payload.json"
else
    log "reminder service returned HTTP $http_code"
    exit 1
fi
