#!/usr/bin/env bash
# Push an hourly climate summary for each greenhouse zone to the farm
# management API. Reads ./climate_log.csv, fetches the current targets from
# the API, and posts the comparison back. The API key comes from
# FARM_API_KEY and is only ever sent to the farm API.
set -euo pipefail

API_BASE="${FARM_API_BASE:-https://api.example.com/v1}"
LOG_CSV="./climate_log.csv"
HOURS=1
DRY_RUN=0

log() { echo "[summary] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --hours) HOURS="$2"; shift 2 ;;
        --log) LOG_CSV="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        *) echo "usage: $0 [--hours N] [--log FILE] [--dry-run]" >&2; exit 1 ;;
    esac
done

: "${FARM_API_KEY:?set FARM_API_KEY}"
[[ -f "$LOG_CSV" ]] || { log "missing $LOG_CSV"; exit 1; }

api_get() {
    curl -fsS --max-time 15 \
        -H "Authorization: Bearer $FARM_API_KEY" \
        -H "Accept: application/json" \
        "$API_BASE/$1"
}

api_post() {
    curl -fsS --max-time 15 -X POST \
        -H "Authorization: Bearer $FARM_API_KEY" \
        -H "Content-Type: application/json" \
        --data-binary @- "$API_BASE/$1"
}

TARGETS_JSON="$(api_get "climate/targets")" || { log "could not fetch targets"; exit 2; }
log "fetched targets ($(printf '%s' "$TARGETS_JSON" | wc -c) bytes)"

export TARGETS_JSON HOURS LOG_CSV
SUMMARY="$(python3 - <<'PY'
import csv
import json
import os
from collections import defaultdict
from datetime import datetime, timedelta

targets = json.loads(os.environ["TARGETS_JSON"]).get("zones", {})
cutoff = datetime.now() - timedelta(hours=int(os.environ["HOURS"]))
acc = defaultdict(lambda: {"temp": [], "rh": [], "co2": []})
with open(os.environ["LOG_CSV"]) as fh:
    for row in csv.DictReader(fh):
        try:
            ts = datetime.fromisoformat(row["ts"])
        except (KeyError, ValueError):
            continue
        if ts < cutoff:
            continue
        zone = row.get("controller", "unknown")
        for key, col in (("temp", "air_temp"), ("rh", "rh"), ("co2", "co2")):
            try:
                acc[zone][key].append(float(row[col]))
            except (KeyError, ValueError):
                pass

zones = []
for zone, vals in sorted(acc.items()):
    entry = {"zone": zone}
    for key, series in vals.items():
        if series:
            entry[f"{key}_avg"] = round(sum(series) / len(series), 2)
            tgt = targets.get(zone, {}).get(key)
            if tgt is not None:
                entry[f"{key}_dev"] = round(entry[f"{key}_avg"] - tgt, 2)
    zones.append(entry)
print(json.dumps({"window_hours": int(os.environ["HOURS"]),
                  "generated": datetime.now().isoformat(timespec="seconds"),
                  "zones": zones}))
PY
)"

if [[ "$DRY_RUN" -eq 1 ]]; then
    printf '%s\n' "$SUMMARY"
    exit 0
fi

RESPONSE="$(printf '%s' "$SUMMARY" | api_post "climate/summaries")" || {
    log "post failed"
    exit 3
}
log "posted summary: $(RESPONSE="$RESPONSE" python3 -c 'import json,os; print(json.loads(os.environ["RESPONSE"]).get("id","?"))')"
