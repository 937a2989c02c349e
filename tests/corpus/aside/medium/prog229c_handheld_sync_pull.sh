#!/usr/bin/env bash
# Pull citation batches from the enforcement handheld sync server.
# The sync appliance still ships with a self-signed certificate, so the
# download skips certificate checks. Batches are validated by a Python step
# and appended to ./citations/citations_<date>.csv.
set -euo pipefail

SYNC_HOST="${SYNC_HOST:-handheld-sync.example.com}"
SYNC_PORT="${SYNC_PORT:-8443}"
OUT_DIR="./citations"
DAY="$(date +%F)"
RETRIES=3
LOG="./handheld_sync.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG" >&2; }

while getopts ":H:p:d:o:r:" o; do
    case "$o" in
        H) SYNC_HOST="$OPTARG" ;;
        p) SYNC_PORT="$OPTARG" ;;
        d) DAY="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        r) RETRIES="$OPTARG" ;;
        *) echo "usage: $0 [-H host] [-p port] [-d YYYY-MM-DD] [-o dir] [-r retries]" >&2; exit 2 ;;
    esac
done

mkdir -p "$OUT_DIR"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

fetch() {
    # $1 = path, $2 = destination file
    local attempt=1
    while (( attempt <= RETRIES )); do
        if curl -sS -k --max-time 30 -o "$2" "https://${SYNC_HOST}:${SYNC_PORT}$1"; then
            return 0
        fi
        log "fetch $1 failed (attempt $attempt/$RETRIES)"
        sleep $(( attempt * 2 ))
        attempt=$(( attempt + 1 ))
    done
    return 1
}

log "listing batches for $DAY on $SYNC_HOST"
fetch "/api/batches?day=${DAY}" "$WORK/index.json" || { log "cannot reach sync server"; exit 1; }

mapfile -t batch_ids < <(INDEX="$WORK/index.json" python3 -c '
import json, os
for b in json.load(open(os.environ["INDEX"])).get("batches", []):
    if b.get("status") == "closed":
        print(b["id"])
')
log "${#batch_ids[@]} closed batch(es) to pull"

target="$OUT_DIR/citations_${DAY}.csv"
seen="$OUT_DIR/.seen_batches"
touch "$seen"

pulled=0
for id in "${batch_ids[@]}"; do
    if grep -qx "$id" "$seen"; then
        continue
    fi
    if ! fetch "/api/batches/${id}/citations" "$WORK/$id.json"; then
        log "skipping batch $id"
        continue
    fi
    BATCH_FILE="$WORK/$id.json" TARGET_CSV="$target" BATCH_ID="$id" python3 - <<'PY'
import csv, json, os, re, sys
plate_ok = re.compile(r"^[A-Z0-9-]{2,10}$")
path, target, batch = os.environ["BATCH_FILE"], os.environ["TARGET_CSV"], os.environ["BATCH_ID"]
records = json.load(open(path))
new_file = not os.path.exists(target)
good = bad = 0
with open(target, "a", newline="") as fh:
    w = csv.writer(fh)
    if new_file:
        w.writerow(["batch", "citation", "plate", "meter_id", "violation", "issued_at", "officer"])
    for r in records:
        plate = str(r.get("plate", "")).upper()
        if not plate_ok.match(plate) or not r.get("citation"):
            bad += 1
            continue
        w.writerow([batch, r["citation"], plate, r.get("meter_id", ""),
                    r.get("violation", ""), r.get("issued_at", ""), r.get("officer", "")])
        good += 1
print(f"batch {batch}: {good} stored, {bad} rejected", file=sys.stderr)
PY
    echo "$id" >> "$seen"
    pulled=$(( pulled + 1 ))
done

log "pulled $pulled new batch(es) into $target"
