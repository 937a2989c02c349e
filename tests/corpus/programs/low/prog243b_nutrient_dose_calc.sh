#!/usr/bin/env bash
# Work out today's nutrient A/B and pH-down doses for each reservoir from
# the latest readings in ./readings.csv and write ./dose_plan.json.
# Usage: prog243b_nutrient_dose_calc.sh [--target-ec 1.8] [--target-ph 5.9] [--clean]
set -euo pipefail

TARGET_EC="1.8"
TARGET_PH="5.9"
READINGS="./readings.csv"
RESERVOIRS="./reservoirs.conf"
PLAN="./dose_plan.json"
CACHE_DIR="./.dose_cache"

log() { echo "[dose] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --target-ec) TARGET_EC="$2"; shift 2 ;;
        --target-ph) TARGET_PH="$2"; shift 2 ;;
        --clean) rm -rf "$CACHE_DIR" "$PLAN"; log "cleaned cache and plan"; exit 0 ;;
        *) sed -n '4p' "$0" >&2; exit 1 ;;
    esac
done

for f in "$READINGS" "$RESERVOIRS"; do
    [[ -f "$f" ]] || { log "missing $f"; exit 1; }
done
mkdir -p "$CACHE_DIR"

# reservoirs.conf lines: name volume_litres
VOLUMES="$(grep -v '^#' "$RESERVOIRS" | awk 'NF==2 {printf "%s=%s;", $1, $2}')"
log "reservoirs: ${VOLUMES%;}"

# Keep only the newest reading per reservoir (CSV: ts,reservoir,ec,ph).
tail -n +2 "$READINGS" | sort -t, -k1,1 | \
    awk -F, '{last[$2]=$0} END {for (r in last) print last[r]}' > "$CACHE_DIR/latest.csv"

export TARGET_EC TARGET_PH VOLUMES
export LATEST="$CACHE_DIR/latest.csv"
python3 - > "$PLAN" <<'PY'
import csv
import json
import os
import sys

target_ec = float(os.environ["TARGET_EC"])
target_ph = float(os.environ["TARGET_PH"])
volumes = {}
for item in os.environ["VOLUMES"].strip(";").split(";"):
    if "=" in item:
        k, v = item.split("=", 1)
        volumes[k] = float(v)

# Stock solution strengths (per reservoir litre)
ML_AB_PER_EC = 2.0     # ml of each of A and B raise EC by 0.1 per 10 L -> scaled below
ML_PHDOWN_PER_0_1 = 0.15

plan = {"target_ec": target_ec, "target_ph": target_ph, "reservoirs": []}
with open(os.environ["LATEST"]) as fh:
    for ts, name, ec, ph in csv.reader(fh):
        vol = volumes.get(name)
        if vol is None:
            print(f"[dose] no volume for {name}, skipped", file=sys.stderr)
            continue
        ec, ph = float(ec), float(ph)
        ec_gap = max(0.0, target_ec - ec)
        ph_gap = max(0.0, ph - target_ph)
        ab_ml = round(ec_gap / 0.1 * ML_AB_PER_EC * vol / 10.0, 1)
        down_ml = round(ph_gap / 0.1 * ML_PHDOWN_PER_0_1 * vol / 10.0, 1)
        plan["reservoirs"].append({
            "name": name, "reading_ts": ts, "ec": ec, "ph": ph,
            "nutrient_a_ml": ab_ml, "nutrient_b_ml": ab_ml, "ph_down_ml": down_ml,
        })
json.dump(plan, sys.stdout, indent=2)
PY

TOTAL_A="$(PLAN="$PLAN" python3 -c '
import json, os
p = json.load(open(os.environ["PLAN"]))
print(sum(r["nutrient_a_ml"] for r in p["reservoirs"]))
')"
log "plan written to $PLAN (total nutrient A: ${TOTAL_A} ml)"
rm -f "$CACHE_DIR/latest.csv"
