#!/usr/bin/env bash
# snow_board_feed.sh - fetch the morning snow and lift-status report and
# render the text the LED boards at each gate bank show to skiers.
#
#   snow_board_feed.sh [-u URL] [-o OUT_DIR] [-l LANG]

set -euo pipefail

URL="https://conditions.example.com/api/v1/resort/alpine-01/today"
OUT_DIR="./board_feed"
LANG_CODE="en"
CACHE_DIR="./.board_cache"

log() { echo "[board-feed] $*" >&2; }

while getopts ":u:o:l:" opt; do
    case "$opt" in
        u) URL="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        l) LANG_CODE="$OPTARG" ;;
        *) log "usage: $0 [-u URL] [-o DIR] [-l en|de|fr]"; exit 1 ;;
    esac
done

mkdir -p "$OUT_DIR" "$CACHE_DIR"

fetch_report() {
    local body
    if body="$(curl -fsS --max-time 15 -H 'Accept: application/json' "$URL")"; then
        printf '%s' "$body" > "$CACHE_DIR/last.json"
        printf '%s' "$body"
    elif [[ -f "$CACHE_DIR/last.json" ]]; then
        log "fetch failed, using cached report"
        cat "$CACHE_DIR/last.json"
    else
        log "fetch failed and no cache available"
        return 1
    fi
}

REPORT_JSON="$(fetch_report)" || exit 2

# Render one text file per gate bank; the JSON travels in an env variable.
REPORT_JSON="$REPORT_JSON" LANG_CODE="$LANG_CODE" OUT_DIR="$OUT_DIR" python3 -c '
import json, os, sys
labels = {
    "en": ("New snow", "Base", "Open lifts", "closed"),
    "de": ("Neuschnee", "Basis", "Offene Lifte", "geschlossen"),
    "fr": ("Neige fraiche", "Base", "Remontees ouvertes", "ferme"),
}
lab = labels.get(os.environ["LANG_CODE"], labels["en"])
try:
    rep = json.loads(os.environ["REPORT_JSON"])
except json.JSONDecodeError as exc:
    sys.exit(f"bad report JSON: {exc}")
lifts = rep.get("lifts", [])
open_lifts = [l["name"] for l in lifts if l.get("status") == "open"]
new_snow = rep.get("new_snow_cm", 0)
base = rep.get("base_cm", 0)
common = [
    f"{lab[0]}: {new_snow} cm",
    f"{lab[1]}: {base} cm",
    f"{lab[2]}: {len(open_lifts)}/{len(lifts)}",
]
for bank in rep.get("gate_banks", ["main"]):
    lines = list(common)
    for l in lifts:
        if bank in l.get("banks", []) and l.get("status") != "open":
            name = l.get("name", "?")
            lines.append(f"{name}: {lab[3]}")
    path = os.path.join(os.environ["OUT_DIR"], f"{bank}.txt")
    with open(path, "w") as fh:
        fh.write("\n".join(lines) + "\n")
    print(path)
' | while read -r written; do
    log "wrote $written ($(wc -l < "$written") lines)"
done

log "board feed updated from $URL"
