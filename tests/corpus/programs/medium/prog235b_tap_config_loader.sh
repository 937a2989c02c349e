#!/usr/bin/env bash
# tap_config_loader.sh - load the tap list YAML and publish it for the
# tap monitor and the online menu generator.
#
# The head brewer edits taps.yaml (tap number, beer, ABV, keg size,
# price per pint). This script parses it with Python, checks the
# values, and drops a flattened JSON copy in a shared cache path that
# both the monitor and the menu job read.
set -euo pipefail

TAPS_YAML="${1:-./taps.yaml}"
CACHE_FILE="/tmp/taproom_taps_cache.json"
LOCK_FILE="/tmp/taproom_taps.lock"
MAX_ABV="${MAX_ABV:-12.5}"

log() { echo "[tap-config] $*" >&2; }

if [[ ! -f "$TAPS_YAML" ]]; then
    log "no tap list at $TAPS_YAML"
    exit 1
fi

if ! python3 -c 'import yaml' 2>/dev/null; then
    log "PyYAML not installed (pip install --user pyyaml)"
    exit 1
fi

exec 9>"$LOCK_FILE"
if ! flock -w 10 9; then
    log "another loader is running"
    exit 1
fi

parse_output=$(TAPS_YAML="$TAPS_YAML" MAX_ABV="$MAX_ABV" python3 - <<'PY'
import json
import os
import sys

import yaml

with open(os.environ["TAPS_YAML"]) as fh:
    # the brewer's file uses a few custom tags for keg types
    doc = yaml.load(fh, Loader=yaml.Loader)

max_abv = float(os.environ["MAX_ABV"])
taps, problems = [], []
for entry in (doc or {}).get("taps", []):
    try:
        tap = {
            "tap": int(entry["tap"]),
            "beer": str(entry["beer"]).strip(),
            "abv": float(entry.get("abv", 0)),
            "keg_litres": float(entry.get("keg_litres", 50)),
            "price_pint": round(float(entry.get("price_pint", 0)), 2),
        }
    except (KeyError, TypeError, ValueError) as exc:
        problems.append(f"bad entry {entry!r}: {exc}")
        continue
    if not 0 < tap["abv"] <= max_abv:
        problems.append(f"tap {tap['tap']}: ABV {tap['abv']} out of range")
    taps.append(tap)

for p in problems:
    print(p, file=sys.stderr)
print(json.dumps({"taps": sorted(taps, key=lambda t: t["tap"]),
                  "problems": len(problems)}))
PY
)

problems=$(printf '%s' "$parse_output" | python3 -c 'import json,sys; print(json.load(sys.stdin)["problems"])')
count=$(printf '%s' "$parse_output" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["taps"]))')

if [[ "$count" -eq 0 ]]; then
    log "no taps parsed, keeping previous cache"
    exit 1
fi

printf '%s\n' "$parse_output" > "$CACHE_FILE"
chmod 0644 "$CACHE_FILE"
log "published $count taps to $CACHE_FILE ($problems problem(s))"

if [[ "$problems" -gt 0 ]]; then
    log "check the warnings above before service starts"
    exit 3
fi
