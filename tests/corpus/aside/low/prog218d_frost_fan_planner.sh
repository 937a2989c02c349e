#!/usr/bin/env bash
# Frost fan planner.
# Downloads tonight's hourly forecast, finds the hours where the air
# temperature is forecast to drop below the frost threshold and writes a
# fan schedule plus a small "print schedule" helper for the night crew.
set -euo pipefail

FORECAST_URL="${FORECAST_URL:-https://api.example.com/v2/hourly?site=vineyard-south&hours=18}"
THRESHOLD_C="${THRESHOLD_C:-1.5}"
LEAD_MIN="${LEAD_MIN:-45}"
OUT_DIR="${OUT_DIR:-./frost}"
FORECAST_FILE="$OUT_DIR/forecast.json"
SCHEDULE_FILE="$OUT_DIR/fan_schedule.csv"
HELPER="$OUT_DIR/print_schedule.sh"

log() { echo "$(date +%H:%M) frost: $*" >&2; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --threshold) THRESHOLD_C="$2"; shift 2 ;;
    --lead) LEAD_MIN="$2"; shift 2 ;;
    --offline) OFFLINE=1; shift ;;
    -h|--help) echo "usage: $0 [--threshold C] [--lead minutes] [--offline]"; exit 0 ;;
    *) log "unknown option $1"; exit 2 ;;
  esac
done

mkdir -p "$OUT_DIR"

if [[ "${OFFLINE:-0}" -ne 1 ]]; then
  if ! curl -fsS --max-time 20 -o "$FORECAST_FILE" "$FORECAST_URL"; then
    log "forecast download failed"
    [[ -f "$FORECAST_FILE" ]] || exit 1
    log "using the previous forecast"
  fi
fi

# Hand the forecast to python through the environment and read the
# schedule back on stdout.
export THRESHOLD_C LEAD_MIN
FORECAST_JSON="$(cat "$FORECAST_FILE")"
export FORECAST_JSON
SCHEDULE="$(python3 -c '
import datetime as dt
import json
import os

data = json.loads(os.environ["FORECAST_JSON"])
threshold = float(os.environ["THRESHOLD_C"])
lead = dt.timedelta(minutes=int(os.environ["LEAD_MIN"]))
print("block,fan_on,fan_off,min_temp_c")
for block in data.get("blocks", []):
    cold = [h for h in block.get("hours", []) if float(h["temp_c"]) <= threshold]
    if not cold:
        continue
    start = dt.datetime.fromisoformat(cold[0]["time"]) - lead
    end = dt.datetime.fromisoformat(cold[-1]["time"]) + dt.timedelta(hours=1)
    low = min(float(h["temp_c"]) for h in cold)
    name = block.get("name", "unnamed")
    print(f"{name},{start:%H:%M},{end:%H:%M},{low:.1f}")
')"
printf '%s\n' "$SCHEDULE" > "$SCHEDULE_FILE"
NBLOCKS=$(( $(wc -l < "$SCHEDULE_FILE") - 1 ))
log "$NBLOCKS blocks need fans tonight"

# The night crew runs this helper from the tractor shed terminal.
cat > "$HELPER" <<'EOF'
#!/bin/bash
SCHEDULE_FILE="${1:-./frost/fan_schedule.csv}"
if [ ! -s "$SCHEDULE_FILE" ]; then
  echo "no schedule yet"
  exit 0
fi
column -s, -t < "$SCHEDULE_FILE"
echo
echo "printed $(date '+%a %d %b %H:%M')"
EOF
chmod 0755 "$HELPER"

if (( NBLOCKS > 0 )); then
  "$HELPER" "$SCHEDULE_FILE"
else
  log "no frost risk above ${THRESHOLD_C} C; fans stay off"
fi
