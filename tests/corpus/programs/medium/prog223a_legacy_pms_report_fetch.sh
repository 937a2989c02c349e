#!/usr/bin/env bash
# legacy_pms_report_fetch.sh - pull the daily occupancy and housekeeping
# reports from the old on-premises PMS appliance.
#
# The appliance still serves a self-signed certificate that nobody has
# replaced, so certificate checks are switched off for it. Reports land in
# ./reports/<date>/ and a short occupancy summary is printed.
set -euo pipefail

PROG=$(basename "$0")
PMS_HOST="${PMS_HOST:-pms-legacy.example.com}"
REPORT_DATE="${1:-$(date +%F)}"
OUT_DIR="./reports/$REPORT_DATE"
REPORTS=(occupancy housekeeping arrivals departures)

log() { printf '%s [%s] %s\n' "$(date +%T)" "$PROG" "$*" >&2; }

if ! [[ "$REPORT_DATE" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]]; then
    echo "Usage: $PROG [YYYY-MM-DD]" >&2
    exit 2
fi

mkdir -p "$OUT_DIR"

fetch_report() {
    local name="$1" dest="$OUT_DIR/$1.csv"
    # -k: the appliance certificate is self-signed
    if curl -k -fsS --max-time 30 \
            "https://$PMS_HOST/reports/$name.csv?date=$REPORT_DATE" -o "$dest.part"; then
        mv "$dest.part" "$dest"
        log "fetched $name ($(wc -l < "$dest") lines)"
    else
        rm -f "$dest.part"
        log "could not fetch $name"
        return 1
    fi
}

failed=0
for report in "${REPORTS[@]}"; do
    fetch_report "$report" || failed=$((failed + 1))
done

# The room-status feed is JSON; read it from python with the same relaxed TLS.
STATUS_JSON=$(PMS_HOST="$PMS_HOST" REPORT_DATE="$REPORT_DATE" python3 - <<'PY'
import json
import os
import ssl
import sys
import urllib.request

ctx = ssl._create_unverified_context()
url = f"https://{os.environ['PMS_HOST']}/api/roomstatus?date={os.environ['REPORT_DATE']}"
try:
    with urllib.request.urlopen(url, context=ctx, timeout=30) as resp:
        print(json.dumps(json.load(resp)))
except Exception as exc:  # appliance is flaky; report and carry on
    print(f"room status unavailable: {exc}", file=sys.stderr)
    print("{}")
PY
)
printf '%s\n' "$STATUS_JSON" > "$OUT_DIR/roomstatus.json"

SUMMARY=$(OCC_FILE="$OUT_DIR/occupancy.csv" STATUS_FILE="$OUT_DIR/roomstatus.json" python3 -c '
import csv, json, os
occ = os.environ["OCC_FILE"]
rooms = sold = 0
if os.path.exists(occ):
    with open(occ, newline="") as fh:
        for row in csv.DictReader(fh):
            rooms += 1
            sold += row.get("status", "").upper() in ("OCC", "IN_HOUSE")
with open(os.environ["STATUS_FILE"]) as fh:
    status = json.load(fh)
dirty = sum(1 for r in status.get("rooms", []) if r.get("hk") == "DIRTY")
pct = (100.0 * sold / rooms) if rooms else 0.0
print(f"rooms={rooms} occupied={sold} occupancy={pct:.1f}% dirty={dirty}")
')

log "$REPORT_DATE: $SUMMARY"
if (( failed )); then
    log "$failed report(s) missing"
    exit 1
fi
