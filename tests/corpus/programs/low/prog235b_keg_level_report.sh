#!/usr/bin/env bash
# keg_level_report.sh - nightly keg level report for the cellar manager.
#
# Combines the keg scale readings exported by the tap monitor
# (./readings/kegs_YYYYMMDD.csv: tap,gross_kg,tare_kg,keg_litres) with the
# current tap list from the menu service and writes a plain-text report
# of what needs changing tomorrow into ./reports.
set -euo pipefail

DAY="${1:-$(date +%Y%m%d)}"
READINGS="./readings/kegs_${DAY}.csv"
MENU_URL="${MENU_URL:-https://menu.example.com/api/taps}"
REPORT_DIR="./reports"
LOW_PERCENT="${LOW_PERCENT:-15}"

log() { echo "[keg-report] $*" >&2; }

if [[ ! -f "$READINGS" ]]; then
    log "no readings for $DAY ($READINGS)"
    exit 1
fi
mkdir -p "$REPORT_DIR"

fetch_menu() {
    local body
    if body=$(curl -fsS --max-time 10 -H 'Accept: application/json' "$MENU_URL"); then
        printf '%s' "$body"
    else
        log "menu service unavailable, names will be missing"
        printf '{"taps": []}'
    fi
}

menu_json=$(fetch_menu)
report_file="${REPORT_DIR}/keg_levels_${DAY}.txt"

MENU_JSON="$menu_json" READINGS="$READINGS" LOW_PERCENT="$LOW_PERCENT" DAY="$DAY" \
python3 - > "$report_file" <<'PY'
import csv
import json
import os

BEER_KG_PER_LITRE = 1.01

try:
    menu = {int(t["tap"]): t.get("beer", "?")
            for t in json.loads(os.environ["MENU_JSON"]).get("taps", [])}
except (ValueError, KeyError, TypeError):
    menu = {}

low = float(os.environ["LOW_PERCENT"])
rows = []
with open(os.environ["READINGS"], newline="") as fh:
    for r in csv.DictReader(fh):
        try:
            tap = int(r["tap"])
            net = float(r["gross_kg"]) - float(r["tare_kg"])
            size = float(r["keg_litres"])
        except (KeyError, ValueError):
            continue
        litres = max(net / BEER_KG_PER_LITRE, 0.0)
        pct = 100.0 * litres / size if size else 0.0
        rows.append((tap, menu.get(tap, "(not on menu)"), litres, pct))

print(f"Keg levels for {os.environ['DAY']}")
print("=" * 52)
for tap, beer, litres, pct in sorted(rows):
    flag = "  <-- change soon" if pct < low else ""
    print(f"Tap {tap:>2}  {beer:<24} {litres:6.1f} L {pct:5.1f}%{flag}")
changes = sum(1 for r in rows if r[3] < low)
print("=" * 52)
print(f"{len(rows)} kegs read, {changes} below {low:.0f}%")
PY

log "report written to $report_file"
summary=$(tail -n1 "$report_file")
log "$summary"

# keep the last 30 reports only (our own output)
ls -1t "$REPORT_DIR"/keg_levels_*.txt 2>/dev/null | tail -n +31 | while read -r old; do
    rm -f -- "$old"
    log "pruned $old"
done
